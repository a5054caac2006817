# wrong: also lower-cases the text, so "Hello-World" becomes "hello_world" rather than keeping
# the letters it was given.
from collections.abc import Mapping


def dekebabize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, dekebabize)
    s = _is_none(str_or_iter)
    if s.isnumeric():
        return str_or_iter
    return s.replace("-", "_").lower()
