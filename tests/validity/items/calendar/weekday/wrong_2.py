# wrong: forgets the leap day when counting days, so dates after February of a leap year are off.
def weekday(year, month, day):
    lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    y = year - 1
    days = y * 365 + y // 4 - y // 100 + y // 400
    days += sum(lengths[:month - 1]) + day - 1
    return days % 7
