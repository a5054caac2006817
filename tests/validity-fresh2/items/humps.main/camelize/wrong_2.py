# wrong: never lower-cases the first letter, so a pascal case "HelloWorld" stays pascal case.
from collections.abc import Mapping


def camelize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, camelize)
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return UNDERSCORE_RE.sub(lambda m: m.group(0)[-1].upper(), s)
