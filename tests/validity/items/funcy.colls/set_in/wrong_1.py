# wrong: sets the value in place and returns the original instead of a copy.
def set_in(coll, path, value):
    if not path:
        return value
    target = coll
    for key in path[:-1]:
        if isinstance(target, dict) and key not in target:
            target[key] = {}
        target = target[key]
    target[path[-1]] = value
    return coll
