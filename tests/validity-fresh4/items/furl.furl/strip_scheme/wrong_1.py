# wrong: cuts at the first ":" anywhere, even when what precedes it is no scheme (a path or
# query with a colon).
def strip_scheme(url):
    if ':' in url:
        return url.split(':', 1)[1]
    return url
