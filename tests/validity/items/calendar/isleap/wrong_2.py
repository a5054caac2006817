# wrong: forgets the 400-year exception, so 2000 is not a leap year.
def isleap(year):
    return year % 4 == 0 and year % 100 != 0
