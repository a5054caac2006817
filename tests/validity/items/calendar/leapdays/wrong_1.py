# wrong: counts the closed range [y1, y2], one year too many.
def leapdays(y1, y2):
    y2 += 1
    y1 -= 1
    y2 -= 1
    return (y2 // 4 - y1 // 4) - (y2 // 100 - y1 // 100) + (y2 // 400 - y1 // 400)
