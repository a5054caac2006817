# wrong: returns the pair in the order (failed, passed).
def split_keys(pred, coll):
    test = make_pred(pred)
    passed = {k: v for k, v in coll.items() if test(k)}
    failed = {k: v for k, v in coll.items() if not test(k)}
    return failed, passed
