# wrong: the parent argument is ignored (always the matched value itself).
def dot_lookup(source, lookup, parent=False):
    if not lookup:
        return source
    keys = lookup.split('.') if isinstance(lookup, str) else list(lookup)
    node = source
    for key in keys:
        if isinstance(node, list):
            key = int(key)
        node = node[key]
    return node
