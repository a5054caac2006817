# correct: the lengths of the years before it added up (each year's length is its twelfth cumulative month total).
def _days_before_year(year):
    total = 0
    for earlier in range(MINYEAR, year):
        total += _CALENDAR[earlier][12]
    return total
