# wrong: pairs each segment with the type of the container it indexes, not of the value it leads
# to (off by one level).
def types(obj, segments):
    result = []
    parent = obj
    for depth in expand(segments):
        result.append((depth[-1], type(parent)))
        parent = get(obj, depth)
    return tuple(result)
