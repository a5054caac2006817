# correct: compares every pair (quadratic, works for any items).
def all_unique(iterable, key=None):
    keys = [x if key is None else key(x) for x in iterable]
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            if keys[i] == keys[j]:
                return False
    return True
