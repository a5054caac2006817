# correct: an empty object of obj's type, into which every walked path matching the glob is set
# (a deep copy of its value), the containers on the way created as set creates them.
import copy


def view(obj, glob):
    result = type(obj)()
    for path, value in walk(obj):
        if match(path, glob):
            set(result, path, copy.deepcopy(value))
    return result
