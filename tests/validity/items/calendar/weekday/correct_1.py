# correct: Sakamoto's method (0 = Sunday there, shifted to 0 = Monday), with a check of the date.
def weekday(year, month, day):
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if not 1 <= day <= lengths[month - 1]:
        raise ValueError("day is out of range for month")
    offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    y = year - 1 if month < 3 else year
    sunday_based = (y + y // 4 - y // 100 + y // 400 + offsets[month - 1] + day) % 7
    return (sunday_based - 1) % 7
