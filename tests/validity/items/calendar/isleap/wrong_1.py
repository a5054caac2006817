# wrong: the Julian rule, every fourth year (1900 is not a leap year).
def isleap(year):
    return year % 4 == 0
