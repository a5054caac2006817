# wrong: does not stringify the items (non-string items raise TypeError).
def str_join(sep, seq=EMPTY):
    if seq is EMPTY:
        sep, seq = "", sep
    return sep.join(seq)
