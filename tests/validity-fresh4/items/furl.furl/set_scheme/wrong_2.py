# wrong: writes "<scheme>://" although what strip_scheme leaves keeps its own "//".
def set_scheme(url, scheme):
    rest = strip_scheme(url)
    if scheme is None:
        return rest
    return '{}://{}'.format(scheme, rest)
