# correct: the weekday of the 1st from weekday(), the length from a table plus the leap day.
def monthrange(year, month):
    if month < 1 or month > 12:
        raise IllegalMonthError(month)
    lengths = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    length = lengths[month - 1]
    if month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
        length = 29
    return weekday(year, month, 1), length
