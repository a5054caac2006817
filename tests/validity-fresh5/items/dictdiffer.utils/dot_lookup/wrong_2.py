# wrong: an empty lookup is not special: ''.split('.') gives [''], looked up as a key (KeyError).
def dot_lookup(source, lookup, parent=False):
    keys = lookup.split('.') if isinstance(lookup, str) else list(lookup)
    if parent:
        keys = keys[:-1]
    node = source
    for key in keys:
        if isinstance(node, list):
            key = int(key)
        node = node[key]
    return node
