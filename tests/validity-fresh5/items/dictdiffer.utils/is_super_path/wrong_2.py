# wrong: a strict super path: an equal path is not counted (the docstring's first example says True).
def is_super_path(path1, path2):
    path1, path2 = list(path1), list(path2)
    return len(path1) < len(path2) and path2[:len(path1)] == path1
