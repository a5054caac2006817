# wrong: lower-cases before separating, so no capital is left to split at ("HelloWorld" ->
# "helloworld").
from collections.abc import Mapping


def depascalize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, depascalize)
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return _separate_words(_fix_abbreviations(s).lower())
