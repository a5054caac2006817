# correct: an early-exit scan with a seen-set over the (key-mapped) elements.
def is_distinct(coll, key=EMPTY):
    values = coll if key is EMPTY else (make_func(key)(item) for item in coll)
    seen = set()
    for value in values:
        if value in seen:
            return False
        seen.add(value)
    return True
