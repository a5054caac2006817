# wrong: ignores `key`; compares the elements themselves.
def is_distinct(coll, key=EMPTY):
    items = list(coll)
    return len(items) == len(set(items))
