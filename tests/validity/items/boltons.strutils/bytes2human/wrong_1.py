# wrong: ignores `ndigits`.
def bytes2human(nbytes, ndigits=0):
    symbols = "BKMGTPEZY"
    value = float(nbytes)
    unit = 0
    while abs(value) >= 1024 and unit < len(symbols) - 1:
        value /= 1024
        unit += 1
    return "%.0f%s" % (value, symbols[unit])
