# correct: validates with str operations instead of a regular expression: a '#', then 3 or 6
# characters that are all ASCII hex digits; shorthand digits are doubled, the result lowercased.
def normalize_hex(hex_value):
    digits = hex_value[1:]
    if (not hex_value.startswith("#") or len(digits) not in (3, 6)
            or not all(c in "0123456789abcdefABCDEF" for c in digits)):
        raise ValueError(f'"{hex_value}" is not a valid hexadecimal color value.')
    if len(digits) == 3:
        digits = "".join(c + c for c in digits)
    return "#" + digits.lower()
