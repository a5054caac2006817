# wrong: February always has 28 days.
def monthrange(year, month):
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    return weekday(year, month, 1), mdays[month]
