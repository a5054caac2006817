# wrong: also strips the separator from the start of each key of a list path, which the
# docstring says is left alone.
def _split_path(path, separator="/"):
    if not segments.leaf(path):
        return [p.lstrip(separator) if isinstance(p, str) else p for p in path]
    return path.lstrip(separator).split(separator)
