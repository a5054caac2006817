# wrong: lists are only converted when they hold dicts directly; a dict's value that is a list of
# dicts is left unconverted (the recursion stops at the first level of values).
from collections.abc import Mapping


def decamelize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [decamelize(x) for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {decamelize(k): (decamelize(v) if isinstance(v, Mapping) else v)
                for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return _separate_words(_fix_abbreviations(s)).lower()
