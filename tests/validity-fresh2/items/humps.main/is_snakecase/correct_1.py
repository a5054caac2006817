# correct: a string is snake case when it has no "-" and decamelizing it changes nothing; a dict
# or list of dicts when every key in it is (checked key by key, recursively).
from collections.abc import Mapping


def is_snakecase(str_or_iter):
    if isinstance(str_or_iter, list):
        return all(is_snakecase(x) for x in str_or_iter if isinstance(x, (list, Mapping)))
    if isinstance(str_or_iter, Mapping):
        return all(is_snakecase(k) and (not isinstance(v, (list, Mapping)) or is_snakecase(v))
                   for k, v in str_or_iter.items())
    return "-" not in str(str_or_iter) and str_or_iter == decamelize(str_or_iter)
