# wrong: snake case input is returned as it is (only camel and pascal case are converted), so
# "hello_world" stays "hello_world".
import re
from collections.abc import Mapping


def kebabize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, kebabize)
    s = _is_none(str_or_iter)
    if s.isnumeric():
        return str_or_iter
    if not s.isupper() and (is_camelcase(s) or is_pascalcase(s)):
        return _separate_words(_fix_abbreviations(s), separator="-").lower()
    return s
