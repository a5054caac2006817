# wrong: off by one: extends to index elements, so thing[index] still does not exist.
def extend(thing, index, value=None):
    while len(thing) < index:
        thing.append(value)
    return thing
