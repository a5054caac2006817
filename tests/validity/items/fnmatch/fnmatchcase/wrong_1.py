# wrong: case-insensitive (lower-cases both), which is what fnmatch() does and this must not.
import re


def fnmatchcase(name, pat):
    return _compile_pattern(pat.lower())(name.lower()) is not None
