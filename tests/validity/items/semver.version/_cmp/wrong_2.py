# wrong: subtraction, which only works for ints (the type variable also allows str and tuple).
def _cmp(a, b):
    return a - b
