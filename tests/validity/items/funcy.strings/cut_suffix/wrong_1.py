# wrong: s[:-len(suffix)] turns an empty suffix into s[:0], returning "".
def cut_suffix(s, suffix):
    return s[:-len(suffix)] if s.endswith(suffix) else s
