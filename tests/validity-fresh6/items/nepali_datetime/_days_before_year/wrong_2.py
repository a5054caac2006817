# wrong: the first year reads index -1, the last running total, instead of 0.
def _days_before_year(year):
    return _DAYS_BEFORE_YEAR[year - MINYEAR - 1]
