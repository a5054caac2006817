# wrong: urlparse instead of urlsplit: a ParseResult, whose path loses its ";params" part.
from urllib.parse import urlparse as _standard_urlparse


def urlsplit(url):
    return _standard_urlparse(url)
