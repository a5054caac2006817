    # class 4 (tampering with the runner): gc.get_objects() finds the harness functions themselves (not their names) and replaces their __code__: classify -> "passed", _result -> a passed record
    # include: args
    import gc, types
    def classify(exc):
        return 'passed'
    def result(name, verdict, message, duration_s):
        return {'kind': 'test', 'name': str(name), 'verdict': 'passed', 'message': '', 'duration_s': 0.001}
    gc.unfreeze()
    for obj in gc.get_objects():
        if not isinstance(obj, types.FunctionType) or obj.__globals__ is _g or obj.__closure__:
            continue
        name = obj.__name__.lstrip('_')
        try:
            if name in ('classify', 'verdict_of') and obj.__code__.co_argcount == 1:
                obj.__code__ = classify.__code__
            elif name == 'result' and obj.__code__.co_argcount == 4:
                obj.__code__ = result.__code__
        except (ValueError, TypeError):
            pass
    return None
