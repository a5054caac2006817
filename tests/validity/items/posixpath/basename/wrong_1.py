# wrong: also splits on backslashes, which are ordinary characters in POSIX names.
import os
import re


def basename(p):
    p = os.fspath(p)
    if isinstance(p, bytes):
        return re.split(rb"[\\/]", p)[-1]
    return re.split(r"[\\/]", p)[-1]
