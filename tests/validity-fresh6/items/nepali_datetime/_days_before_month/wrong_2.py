# wrong: the month's own days are counted too.
def _days_before_month(year, month):
    return _CALENDAR[year][month]
