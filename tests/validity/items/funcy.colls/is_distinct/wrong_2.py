# wrong: compares only neighbouring elements, so non-adjacent duplicates are missed.
def is_distinct(coll, key=EMPTY):
    values = list(coll) if key is EMPTY else list(map(key, coll))
    return all(a != b for a, b in zip(values, values[1:]))
