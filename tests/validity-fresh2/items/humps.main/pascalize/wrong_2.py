# wrong: converts only the keys of a dict at the top level; the values (nested dicts, lists of
# dicts) are left as they are.
import re
from collections.abc import Mapping


def pascalize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [pascalize(x) for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {pascalize(k): v for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[-_]+", s))
