# wrong: returns a list of pairs, not the documented tuple.
def types(obj, segments):
    return [(depth[-1], type(get(obj, depth))) for depth in expand(segments)]
