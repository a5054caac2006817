# correct: the standard library's urlsplit, as the docstring says (a SplitResult with scheme,
# netloc, path, query, fragment and the derived username, password, hostname, port).
from urllib.parse import urlsplit as _standard_urlsplit


def urlsplit(url):
    return _standard_urlsplit(url)
