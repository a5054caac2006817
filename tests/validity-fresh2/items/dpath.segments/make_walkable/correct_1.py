# correct: a generator: a mapping's items, else each position (as a ListIndex) with its item,
# else nothing when the node has no length.
def make_walkable(node):
    items = getattr(node, "items", None)
    if items is not None:
        return iter(items())
    try:
        size = len(node)
    except TypeError:
        return iter(())
    return ((ListIndex(i, size), node[i]) for i in range(size))
