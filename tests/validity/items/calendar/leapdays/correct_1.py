# correct: counts leap years in [0, y) with ceiling divisions and takes the difference.
def leapdays(y1, y2):
    def upto(y):
        return (y + 3) // 4 - (y + 99) // 100 + (y + 399) // 400
    return upto(y2) - upto(y1)
