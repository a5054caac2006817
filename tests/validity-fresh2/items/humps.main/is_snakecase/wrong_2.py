# wrong: a regex check of lower-case words joined by "_" only; digits break it ("field_2") and
# a dict or list is never snake case.
import re


def is_snakecase(str_or_iter):
    return isinstance(str_or_iter, str) and re.fullmatch(r"[a-z]+(_[a-z]+)*", str_or_iter) is not None
