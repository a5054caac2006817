# wrong: collapses inner runs but does not strip leading and trailing white space.
import re


def normalize_space(item):
    return re.sub(r'\s+', ' ', item)
