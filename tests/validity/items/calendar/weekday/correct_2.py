# correct: counts the days since 0001-01-01 (a Monday in the proleptic Gregorian calendar).
def weekday(year, month, day):
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if not 1 <= day <= lengths[month - 1]:
        raise ValueError("day is out of range for month")
    y = year - 1
    days = y * 365 + y // 4 - y // 100 + y // 400
    days += sum(lengths[:month - 1]) + day - 1
    return days % 7
