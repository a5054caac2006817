# wrong: a scheme of None is written as the text "None:" instead of removing the scheme.
def set_scheme(url, scheme):
    return '%s:%s' % (scheme, strip_scheme(url))
