# correct: rejects threaded builds first, then compares the (major, minor) tuple with (3, 2).
def _abi3_applies(python_version, threading):
    if threading:
        return False
    return tuple(python_version[:2]) >= (3, 2)
