# correct: self-contained: Sakamoto's method for the 1st, the length by the days-to-next-month rule.
def monthrange(year, month):
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    y = year - 1 if month < 3 else year
    first = ((y + y // 4 - y // 100 + y // 400 + offsets[month - 1] + 1) % 7 + 6) % 7
    if month == 2:
        days = 29 if isleap(year) else 28
    elif month in (4, 6, 9, 11):
        days = 30
    else:
        days = 31
    return first, days
