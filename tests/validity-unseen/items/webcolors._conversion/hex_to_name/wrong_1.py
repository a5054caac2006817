# wrong: ignores `spec` and always looks the value up in CSS3's names.
def hex_to_name(hex_value, spec=CSS3):
    normalized = normalize_hex(hex_value)
    try:
        return _CSS3_HEX_TO_NAMES[normalized]
    except KeyError:
        raise ValueError(f'"{hex_value}" has no defined color name in {spec}.')
