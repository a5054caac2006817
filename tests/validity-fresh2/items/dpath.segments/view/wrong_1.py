# wrong: puts the matching values themselves in the view, not deep copies, so changing the view
# changes obj.
def view(obj, glob):
    result = type(obj)()
    for path, value in walk(obj):
        if match(path, glob) and not has(result, path):
            set(result, path, value, hints=types(obj, path))
    return result
