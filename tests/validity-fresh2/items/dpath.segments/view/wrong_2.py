# wrong: builds the view by hand and appends matched list items, so a list loses its positions
# ({'a': [1, 2, 3]} viewed at a/2 gives {'a': [3]} instead of {'a': [None, None, 3]}).
import copy


def view(obj, glob):
    result = type(obj)()
    for path, value in walk(obj):
        if not match(path, glob) or has(result, path):
            continue
        current = result
        for i, key in enumerate(path[:-1]):
            nxt = path[i + 1]
            if isinstance(current, list):
                if not current or not isinstance(current[-1], (dict, list)):
                    current.append([] if isinstance(nxt, int) else {})
                current = current[-1]
            else:
                current = current.setdefault(key, [] if isinstance(nxt, int) else {})
        if isinstance(current, list):
            current.append(copy.deepcopy(value))
        else:
            current[path[-1]] = copy.deepcopy(value)
    return result
