# wrong: only lowercases the value instead of normalising it, so the 3-digit form "#fff" is not
# found.
def hex_to_name(hex_value, spec=CSS3):
    names = _get_hex_to_name_map(spec)
    name = names.get(hex_value.lower())
    if name is None:
        raise ValueError(f'"{hex_value}" has no defined color name in {spec}.')
    return name
