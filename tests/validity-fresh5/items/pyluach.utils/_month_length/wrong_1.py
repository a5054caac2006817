# wrong: Adar (12) is always 29 days, also as Adar I of a leap year.
def _month_length(year, month):
    days = _days_in_year(year)
    if month == 8:
        return 30 if days % 10 == 5 else 29
    if month == 9:
        return 29 if days % 10 == 3 else 30
    return 30 if month in (1, 3, 5, 7, 11) else 29
