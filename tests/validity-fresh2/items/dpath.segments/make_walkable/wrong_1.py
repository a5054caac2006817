# wrong: a node that has no length (an int) raises TypeError instead of giving an empty iterator.
def make_walkable(node):
    if hasattr(node, "items"):
        return iter(node.items())
    return zip(map(lambda i: ListIndex(i, len(node)), range(len(node))), node)
