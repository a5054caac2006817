# wrong: the cumulative table read at month - 1 without a guard, so the first month gives -1, not 0.
def _days_before_month(year, month):
    return _CALENDAR[year][month - 1]
