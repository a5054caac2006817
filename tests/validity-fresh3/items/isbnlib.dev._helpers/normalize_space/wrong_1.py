# wrong: only runs of spaces are collapsed; tabs and newlines stay.
import re


def normalize_space(item):
    return re.sub(' +', ' ', item).strip(' ')
