# wrong: keeps only the digits; the X (check digit 10) is dropped.
import re


def canonical(isbnlike):
    return re.sub(r'[^0-9]', '', isbnlike)
