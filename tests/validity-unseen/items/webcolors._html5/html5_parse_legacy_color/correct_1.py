# correct: the WHATWG "rules for parsing a legacy colour value" step by step, with a helper
# for the component reduction and the named-colour table looked up case-insensitively.
def html5_parse_legacy_color(value):
    if not isinstance(value, str):
        raise ValueError("HTML5 legacy color parsing requires a Unicode string as input.")
    if value == "":
        raise ValueError("HTML5 legacy color parsing forbids empty string as a value.")
    value = value.strip(" \t\n\f\r")
    if value.lower() == "transparent":
        raise ValueError('HTML5 legacy color parsing forbids "transparent" as a value.')
    if value.lower() in _CSS3_NAMES_TO_HEX:
        hex_value = _CSS3_NAMES_TO_HEX[value.lower()]
        return HTML5SimpleColor(*bytes.fromhex(hex_value[1:]))
    hexdigits = "0123456789abcdefABCDEF"
    if len(value) == 4 and value[0] == "#" and all(c in hexdigits for c in value[1:]):
        return HTML5SimpleColor(*(int(c, 16) * 17 for c in value[1:]))
    value = "".join("00" if ord(c) > 0xFFFF else c for c in value)
    value = value[:128]
    if value.startswith("#"):
        value = value[1:]
    value = "".join(c if c in hexdigits else "0" for c in value)
    while len(value) == 0 or len(value) % 3:
        value += "0"
    size = len(value) // 3
    parts = [value[i * size:(i + 1) * size] for i in range(3)]

    def _alt_reduce(parts):
        size = len(parts[0])
        if size > 8:
            parts = [p[size - 8:] for p in parts]
            size = 8
        while size > 2 and all(p[0] == "0" for p in parts):
            parts = [p[1:] for p in parts]
            size -= 1
        return [p[:2] for p in parts]

    return HTML5SimpleColor(*(int(p, 16) for p in _alt_reduce(parts)))
