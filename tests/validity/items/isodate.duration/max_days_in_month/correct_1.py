# correct: a lookup table of month lengths plus the Gregorian leap-year rule for February.
def max_days_in_month(year, month):
    _alt_lengths = {1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30,
                    7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        return 29
    return _alt_lengths[month]
