# correct: the IBAN mod-97 test: the first four characters moved to the end, letters turned into
# 10..35, and the remainder computed piecewise (digit by digit) instead of with one big int.
def _mod_check(value: str):
    rearranged = value[4:] + value[:4]
    remainder = 0
    for char in rearranged:
        for digit in _char_value(char):
            remainder = (remainder * 10 + int(digit)) % 97
    return remainder == 1
