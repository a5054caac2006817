# wrong: decimal units of 1000 (128991 gives '129K', the docstring says '126K').
def bytes2human(nbytes, ndigits=0):
    symbols = "BKMGTPEZY"
    value = float(nbytes)
    unit = 0
    while abs(value) >= 1000 and unit < len(symbols) - 1:
        value /= 1000
        unit += 1
    return "%.*f%s" % (ndigits, value, symbols[unit])
