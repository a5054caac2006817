# wrong: copies only the outer collection; nested collections along the path are changed in place.
def set_in(coll, path, value):
    if not path:
        return value
    result = coll.copy()
    target = result
    for key in path[:-1]:
        if isinstance(target, dict) and key not in target:
            target[key] = {}
        target = target[key]
    target[path[-1]] = value
    return result
