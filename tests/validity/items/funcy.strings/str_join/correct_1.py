# correct: the one-argument form joins with the empty string; items are stringified in a loop.
def str_join(sep, seq=EMPTY):
    if seq is EMPTY:
        sep, seq = "", sep
    parts = []
    for item in seq:
        parts.append(str(item))
    return sep.join(parts)
