# correct: recursion written out; upper-case and numeric strings unchanged; otherwise the
# abbreviations fixed, an "_" inserted before each capital that follows another character (with
# re.sub and a look-behind), then lower-cased.
import re
from collections.abc import Mapping


def depascalize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [depascalize(x) if isinstance(x, (list, Mapping)) else x for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {depascalize(k): (depascalize(v) if isinstance(v, (list, Mapping)) else v)
                for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return re.sub(r"(?<=.)(?=[A-Z])", "_", _fix_abbreviations(s)).lower()
