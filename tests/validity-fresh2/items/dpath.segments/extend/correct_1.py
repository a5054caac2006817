# correct: appends the fill value one at a time until index is a valid position, changing the
# sequence in place and returning it.
def extend(thing, index, value=None):
    missing = index + 1 - len(thing)
    for _ in range(missing):
        thing.append(value)
    return thing
