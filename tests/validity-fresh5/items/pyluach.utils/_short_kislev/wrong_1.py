# wrong: the complete year (355 or 385 days, where Cheshvan is long) taken for the one with a short Kislev.
def _short_kislev(year):
    return _days_in_year(year) in (355, 385)
