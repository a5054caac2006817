# correct: the month lengths of the year's earlier months added up from the calendar's table.
def _days_before_month(year, month):
    total = 0
    for earlier in range(1, month):
        total += _CALENDAR[year][earlier] - (_CALENDAR[year][earlier - 1] if earlier > 1 else 0)
    return total
