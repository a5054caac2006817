# wrong: deletes in place in the original collection instead of a copy.
def del_in(coll, path):
    if not path:
        return coll
    target = coll
    try:
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    except (KeyError, IndexError):
        pass
    return coll
