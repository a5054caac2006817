# wrong: capitalizes each word with str.capitalize, which lower-cases the rest of the word, so
# "helloWorld" becomes "Helloworld" instead of "HelloWorld".
import re
from collections.abc import Mapping


def pascalize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, pascalize)
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return "".join(w.capitalize() for w in re.split(r"[-_]+", s))
