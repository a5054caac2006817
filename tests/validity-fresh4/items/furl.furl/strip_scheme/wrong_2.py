# wrong: also strips the "//" that introduces the netloc.
def strip_scheme(url):
    scheme = get_scheme(url)
    if scheme is None:
        return url
    rest = url[len(scheme):]
    rest = rest[1:] if rest.startswith(':') else rest
    return rest[2:] if rest.startswith('//') else rest
