# correct: keeps a window of the last n items while iterating, then returns them in the input's
# sequence type where it can be sliced.
def tail(n, seq):
    window = []
    for item in seq:
        window.append(item)
        if len(window) > n:
            window.pop(0)
    if hasattr(seq, "__getitem__") and hasattr(seq, "__len__"):
        return seq[len(seq) - len(window):]
    return tuple(window)
