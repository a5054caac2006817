# wrong: converts dict keys but not the dicts held in a list.
from collections.abc import Mapping


def dekebabize(str_or_iter):
    if isinstance(str_or_iter, list):
        return str_or_iter
    if isinstance(str_or_iter, Mapping):
        return {dekebabize(k): _process_keys(v, dekebabize) for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isnumeric():
        return str_or_iter
    return s.replace("-", "_")
