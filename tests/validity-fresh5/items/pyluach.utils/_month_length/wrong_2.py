# wrong: Cheshvan (8) and Kislev (9) have fixed lengths (29 and 30), whatever the year's length.
def _month_length(year, month):
    if month == 12:
        return 30 if _is_leap(year) else 29
    return 30 if month in (1, 3, 5, 7, 9, 11) else 29
