# wrong: str.rstrip strips any trailing characters of the suffix, not the suffix once.
def cut_suffix(s, suffix):
    return s.rstrip(suffix)
