# correct: divides by 1024 while the magnitude is at least 1024 and a larger unit exists.
def bytes2human(nbytes, ndigits=0):
    symbols = "BKMGTPEZY"
    value = float(nbytes)
    unit = 0
    while abs(value) >= 1024 and unit < len(symbols) - 1:
        value /= 1024
        unit += 1
    return "%.*f%s" % (ndigits, value, symbols[unit])
