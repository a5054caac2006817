# wrong: the year's own days are counted too (the running total through the year).
def _days_before_year(year):
    return _DAYS_BEFORE_YEAR[year - MINYEAR]
