# wrong: skips the step that drops leading zeros common to all three components, so
# "000102030405" keeps the zeros and reads (0, 2, 4) instead of (0, 32, 64).
def html5_parse_legacy_color(value):
    if not isinstance(value, str):
        raise ValueError("HTML5 legacy color parsing requires a Unicode string as input.")
    if value == "":
        raise ValueError("HTML5 legacy color parsing forbids empty string as a value.")
    value = value.strip(" \t\n\f\r")
    if value.lower() == "transparent":
        raise ValueError('HTML5 legacy color parsing forbids "transparent" as a value.')
    if value.lower() in _CSS3_NAMES_TO_HEX:
        return html5_parse_simple_color(_CSS3_NAMES_TO_HEX[value.lower()])
    hexdigits = "0123456789abcdefABCDEF"
    if len(value) == 4 and value[0] == "#" and all(c in hexdigits for c in value[1:]):
        return HTML5SimpleColor(*(int(c, 16) * 17 for c in value[1:]))
    value = "".join("00" if ord(c) > 0xFFFF else c for c in value)[:128]
    if value.startswith("#"):
        value = value[1:]
    value = "".join(c if c in hexdigits else "0" for c in value)
    while len(value) == 0 or len(value) % 3:
        value += "0"
    size = len(value) // 3
    parts = [value[i * size:(i + 1) * size] for i in range(3)]
    if size > 8:
        parts = [p[-8:] for p in parts]
    return HTML5SimpleColor(*(int(p[:2], 16) for p in parts))
