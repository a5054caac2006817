# wrong: walks with dict.get, so lists, tuples and strings along the path fail.
def get_in(coll, path, default=None):
    for key in path:
        if key not in coll:
            return default
        coll = coll.get(key)
    return coll
