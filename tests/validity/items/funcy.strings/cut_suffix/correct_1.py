# correct: slices to len(s) - len(suffix) when s ends with the suffix.
def cut_suffix(s, suffix):
    if s.endswith(suffix):
        return s[:len(s) - len(suffix)]
    return s
