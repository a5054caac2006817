# wrong: only a common year can be deficient (353 days); a deficient leap year (383) is missed.
def _short_kislev(year):
    return _days_in_year(year) == 353
