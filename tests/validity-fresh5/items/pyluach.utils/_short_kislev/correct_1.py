# correct: Kislev is short in a deficient year, 353 days (383 in a leap year).
def _short_kislev(year):
    return _days_in_year(year) in (353, 383)
