# wrong: splits without stripping the leading separator, so "/a/b" gives ['', 'a', 'b'].
def _split_path(path, separator="/"):
    if not segments.leaf(path):
        return path
    return path.split(separator)
