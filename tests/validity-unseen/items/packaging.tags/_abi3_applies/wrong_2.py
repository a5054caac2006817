# wrong: ignores `threading`; threaded (--disable-gil) builds are said to support abi3.
def _abi3_applies(python_version, threading):
    return len(python_version) > 1 and tuple(python_version) >= (3, 2)
