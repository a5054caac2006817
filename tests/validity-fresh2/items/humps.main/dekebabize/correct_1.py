# correct: every "-" becomes "_" (with str.replace), numeric strings unchanged; lists and dicts
# converted recursively by hand.
from collections.abc import Mapping


def dekebabize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [dekebabize(x) if isinstance(x, (list, Mapping)) else x for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {dekebabize(k): (dekebabize(v) if isinstance(v, (list, Mapping)) else v)
                for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isnumeric():
        return str_or_iter
    return s.replace("-", "_")
