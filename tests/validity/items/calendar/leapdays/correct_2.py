# correct: counts the leap years of the range one by one (y1 <= y2 is assumed).
def leapdays(y1, y2):
    count = 0
    for year in range(y1, y2):
        if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0):
            count += 1
    return count
