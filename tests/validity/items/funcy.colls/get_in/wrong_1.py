# wrong: ignores `default`; a missing path gives None.
def get_in(coll, path, default=None):
    for key in path:
        try:
            coll = coll[key]
        except (KeyError, IndexError):
            return None
    return coll
