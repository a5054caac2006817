# correct: recursion written out; upper-case and numeric strings returned unchanged (as the
# package's converters do), otherwise abbreviations fixed, the text cut before every capital with
# re.findall, joined by "_" and lower-cased.
import re
from collections.abc import Mapping


def decamelize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [decamelize(x) if isinstance(x, (list, Mapping)) else x for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        out = {}
        for k, v in str_or_iter.items():
            out[decamelize(k)] = decamelize(v) if isinstance(v, (list, Mapping)) else v
        return out
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    words = [w for w in re.findall(r"[A-Z]?[^A-Z]*", _fix_abbreviations(s)) if w]
    return "_".join(words).lower()
