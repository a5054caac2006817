# correct: the URL without its scheme (as get_scheme finds it) and the ":" after it; a URL
# without a scheme is returned as it is.
def strip_scheme(url):
    scheme = get_scheme(url)
    if scheme is None:
        return url
    rest = url[len(scheme):]
    return rest[1:] if rest.startswith(':') else rest
