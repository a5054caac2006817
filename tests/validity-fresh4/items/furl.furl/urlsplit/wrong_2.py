# wrong: does not split off the fragment (it stays in the path or query).
from urllib.parse import urlsplit as _standard_urlsplit


def urlsplit(url):
    return _standard_urlsplit(url, allow_fragments=False)
