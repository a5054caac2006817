# wrong: compares only the common prefix, so a longer path1 counts as a super path of its prefix.
def is_super_path(path1, path2):
    return all(a == b for a, b in zip(path1, path2))
