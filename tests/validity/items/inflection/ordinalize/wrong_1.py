# wrong: drops the sign ('-11th' expected, '11th' returned).
def ordinalize(number: int) -> str:
    return "%d%s" % (abs(number), ordinal(number))
