# wrong: filters with leaf instead of leafy, so empty lists and dicts are not yielded.
def leaves(obj):
    return ((path, value) for path, value in walk(obj) if leaf(value))
