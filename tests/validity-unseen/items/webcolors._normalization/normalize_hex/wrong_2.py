# wrong: expands the 3-digit shorthand by repeating the whole group ("#09c" -> "#09c09c")
# instead of doubling each digit.
import re


def normalize_hex(hex_value):
    match = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", hex_value)
    if match is None:
        raise ValueError(f'"{hex_value}" is not a valid hexadecimal color value.')
    digits = match.group(1)
    if len(digits) == 3:
        digits = digits * 2
    return "#" + digits.lower()
