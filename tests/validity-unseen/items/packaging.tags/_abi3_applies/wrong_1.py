# wrong: strict comparison, so Python 3.2 itself (where PEP 384 was first implemented) is
# excluded.
def _abi3_applies(python_version, threading):
    return tuple(python_version) > (3, 2) and not threading
