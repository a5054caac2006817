# wrong: only "_" separates words; a kebab-case "hello-world" is left as it is.
import re
from collections.abc import Mapping


def camelize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, camelize)
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    if s and not s[:2].isupper():
        s = s[0].lower() + s[1:]
    return re.sub(r"(?<=[^_])_+([^_])", lambda m: m.group(1).upper(), s)
