# wrong: expects a remainder of 0 instead of 1.
def _mod_check(value: str):
    rearranged = value[4:] + value[:4]
    return int("".join(_char_value(c) for c in rearranged)) % 97 == 0
