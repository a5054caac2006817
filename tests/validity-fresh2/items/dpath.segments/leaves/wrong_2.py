# wrong: its own depth-first recursion, so leaves come in a different order than the walk's
# (a deep leaf of the first key before a shallow leaf of the second).
def leaves(obj, location=()):
    for key, value in make_walkable(obj):
        path = location + (key,)
        if leafy(value):
            yield path, value
        else:
            yield from leaves(value, path)
