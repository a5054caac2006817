# wrong: makes the leading '#' optional, so "0099cc" (which the docstring says raises) is
# accepted.
import re


def normalize_hex(hex_value):
    if hex_value.startswith("#"):
        hex_value = hex_value[1:]
    if not re.fullmatch(r"[0-9a-fA-F]{3}|[0-9a-fA-F]{6}", hex_value):
        raise ValueError(f'"{hex_value}" is not a valid hexadecimal color value.')
    if len(hex_value) == 3:
        hex_value = "".join(c * 2 for c in hex_value)
    return "#" + hex_value.lower()
