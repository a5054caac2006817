# wrong: treats a missing seq as empty, so str_join(seq) returns "" instead of joining seq.
def str_join(sep, seq=EMPTY):
    if seq is EMPTY:
        return ""
    return sep.join(map(str, seq))
