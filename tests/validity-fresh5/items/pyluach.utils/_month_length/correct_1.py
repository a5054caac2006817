# correct: a table of lengths from Nissan (1) on; Cheshvan (8) and Kislev (9) by the year's length,
# Adar (12) 30 days in a leap year (Adar I), Adar II (13) 29.
def _month_length(year, month):
    days = _days_in_year(year)
    leap = days > 380
    if month == 8:
        return 30 if days % 10 == 5 else 29
    if month == 9:
        return 29 if days % 10 == 3 else 30
    if month == 12:
        return 30 if leap else 29
    lengths = {1: 30, 2: 29, 3: 30, 4: 29, 5: 30, 6: 29, 7: 30, 10: 29, 11: 30, 13: 29}
    return lengths[month]
