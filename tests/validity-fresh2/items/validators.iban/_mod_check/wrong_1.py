# wrong: checks the value as it is, without moving the country code and check digits to the end.
def _mod_check(value: str):
    return int("".join(_char_value(c) for c in value)) % 97 == 1
