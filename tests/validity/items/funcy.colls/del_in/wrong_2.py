# wrong: copies only the outer collection; a nested deletion changes the original's inner
# collection.
def del_in(coll, path):
    if not path:
        return coll
    result = copy(coll)
    target = result
    try:
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    except (KeyError, IndexError):
        return coll
    return result
