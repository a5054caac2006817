# correct: recursion that copies each level on the way down; a path that does not exist leaves
# the collection as it is.
def del_in(coll, path):
    if not path:
        return coll
    head, tail = path[0], path[1:]
    try:
        child = coll[head]
    except (KeyError, IndexError):
        return coll
    result = copy(coll)
    if tail:
        result[head] = del_in(child, tail)
    else:
        del result[head]
    return result
