# wrong: every fourth year, no century rule.
def leapdays(y1, y2):
    return (y2 - 1) // 4 - (y1 - 1) // 4
