# correct: bit tests for the powers of two (year & 3 for 4, year & 15 for 16 once 25 divides it:
# 400 = 16 * 25); years are integers.
def isleap(year):
    return (year & 3) == 0 and (year % 25 != 0 or (year & 15) == 0)
