# correct: checks the spec against the supported list first, normalises the value, and looks it
# up with dict.get, raising when the spec has no name for it.
def hex_to_name(hex_value, spec=CSS3):
    if spec not in _SUPPORTED_SPECIFICATIONS:
        raise ValueError(_SPECIFICATION_ERROR_TEMPLATE.format(spec=spec))
    normalized = normalize_hex(hex_value)
    name = _hex_to_names[spec].get(normalized)
    if name is None:
        raise ValueError(f'"{hex_value}" has no defined color name in {spec}.')
    return name
