# wrong: applies the predicate to the values instead of the keys.
def split_keys(pred, coll):
    test = make_pred(pred)
    passed = {k: v for k, v in coll.items() if test(v)}
    failed = {k: v for k, v in coll.items() if not test(v)}
    return passed, failed
