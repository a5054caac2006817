# wrong: does not fix abbreviations first, so "APIResponse" becomes "a-p-i-response".
import re
from collections.abc import Mapping


def kebabize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, kebabize)
    s = _is_none(str_or_iter)
    if s.isnumeric():
        return str_or_iter
    if not s.isupper() and (is_camelcase(s) or is_pascalcase(s)):
        return _separate_words(s, separator="-").lower()
    return UNDERSCORE_RE.sub(lambda m: "-" + m.group(0)[-1], s)
