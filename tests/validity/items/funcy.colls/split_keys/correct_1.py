# correct: one pass over the items filling two plain dicts.
def split_keys(pred, coll):
    test = make_pred(pred)
    passed, failed = {}, {}
    for key, value in coll.items():
        if test(key):
            passed[key] = value
        else:
            failed[key] = value
    return passed, failed
