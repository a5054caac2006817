# wrong: no check of the month, so month 13 fails inside datetime with a plain ValueError instead
# of IllegalMonthError.
def monthrange(year, month):
    day1 = weekday(year, month, 1)
    return day1, mdays[month] + (month == February and isleap(year))
