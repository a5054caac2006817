# wrong: only lists count as sequences; tuples and other sequences give an empty iterator.
def make_walkable(node):
    if hasattr(node, "items"):
        return iter(node.items())
    if isinstance(node, list):
        return zip((ListIndex(i, len(node)) for i in range(len(node))), node)
    return iter([])
