# correct: the URL with its scheme replaced: "<scheme>:" before what strip_scheme leaves; a scheme
# of None removes the scheme.
def set_scheme(url, scheme):
    rest = strip_scheme(url)
    if scheme is None:
        return rest
    return '{}:{}'.format(scheme, rest)
