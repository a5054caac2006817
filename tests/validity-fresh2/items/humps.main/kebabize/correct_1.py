# correct: its own word split: numeric strings unchanged; a camel or pascal case string (not all
# upper) has its acronyms fixed, then is cut before every capital with re.findall and joined with
# "-", lower-cased; any other string has each run of - and _ inside it turned into one "-".
import re
from collections.abc import Mapping


def kebabize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [kebabize(x) if isinstance(x, (list, Mapping)) else x for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {kebabize(k): (kebabize(v) if isinstance(v, (list, Mapping)) else v)
                for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isnumeric():
        return str_or_iter
    if not s.isupper() and (is_camelcase(s) or is_pascalcase(s)):
        words = [w for w in re.findall(r"[A-Z]?[^A-Z]*", _fix_abbreviations(s)) if w]
        return "-".join(words).lower()
    return re.sub(r"(?<=[^\-_])[\-_]+(?=[^\-_])", "-", s)
