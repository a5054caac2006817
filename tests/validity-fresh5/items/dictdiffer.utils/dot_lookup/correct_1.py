# correct: walks the keys one by one with a while loop; the parent stops one key short.
def dot_lookup(source, lookup, parent=False):
    if not lookup:
        return source
    keys = lookup.split('.') if isinstance(lookup, str) else list(lookup)
    if parent:
        keys = keys[:-1]
    node = source
    i = 0
    while i < len(keys):
        key = keys[i]
        if isinstance(node, list):
            key = int(key)
        node = node[key]
        i += 1
    return node
