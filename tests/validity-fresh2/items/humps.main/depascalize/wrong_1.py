# wrong: separates the words but does not lower-case them ("HelloWorld" -> "Hello_World").
from collections.abc import Mapping


def depascalize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, depascalize)
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return _separate_words(_fix_abbreviations(s))
