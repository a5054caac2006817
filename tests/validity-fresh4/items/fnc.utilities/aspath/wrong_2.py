# wrong: makes a list of any non-string iterable, so a tuple becomes its elements instead of one key.
import re


def aspath(value):
    if isinstance(value, str):
        return [key[1:-1] if key.startswith('[') else key
                for key in re.split(r'\.|(\[.*?\])', value) if key]
    try:
        return list(value)
    except TypeError:
        return [value]
