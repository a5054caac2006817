# wrong: 0 is Sunday (Sakamoto's raw result), but the docstring says 0 is Monday.
def weekday(year, month, day):
    offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    y = year - 1 if month < 3 else year
    return (y + y // 4 - y // 100 + y // 400 + offsets[month - 1] + day) % 7
