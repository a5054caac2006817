# correct: path1 is no longer than path2 and equals path2's first len(path1) values.
def is_super_path(path1, path2):
    path1, path2 = list(path1), list(path2)
    if len(path1) > len(path2):
        return False
    return all(a == b for a, b in zip(path1, path2))
