# wrong: a hand-written split that puts "_" before every capital letter, so acronyms come apart
# ("APIResponse" -> "a_p_i_response") and a leading capital gives a leading "_".
import re
from collections.abc import Mapping


def decamelize(str_or_iter):
    if isinstance(str_or_iter, (list, Mapping)):
        return _process_keys(str_or_iter, decamelize)
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    return re.sub(r"([A-Z])", r"_\1", s).lower()
