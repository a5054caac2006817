# correct: picks the unit from the bit length of the magnitude: the smallest unit u with
# |n| <= 1024 ** (u + 1).
import math


def bytes2human(nbytes, ndigits=0):
    symbols = ("B", "K", "M", "G", "T", "P", "E", "Z", "Y")
    magnitude = math.ceil(abs(nbytes))
    power = 0
    if magnitude > 1:
        bits = (magnitude - 1).bit_length()
        power = min((bits + 9) // 10 - 1, len(symbols) - 1)
    value = float(nbytes) / 1024 ** power
    return "{0:.{1}f}{2}".format(value, ndigits, symbols[power])
