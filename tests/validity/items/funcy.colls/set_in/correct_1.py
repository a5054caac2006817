# correct: its own recursion: copies each level (list slice or .copy()), creating missing
# intermediate dicts.
def set_in(coll, path, value):
    if not path:
        return value
    key, rest = path[0], path[1:]
    if isinstance(coll, list):
        new = coll[:]
        new[key] = set_in(new[key], rest, value)
        return new
    new = coll.copy()
    new[key] = set_in(new.get(key, {}), rest, value) if rest else value
    return new
