# wrong: a tuple's extra elements are passed after the value instead of before it (not
# functools.partial(*tuple)).
def compose(*funcs):
    def as_step(func):
        if isinstance(func, tuple):
            return lambda value: func[0](value, *func[1:])
        return func

    steps = [as_step(func) for func in funcs]

    def composed(*args, **kwargs):
        result = steps[0](*args, **kwargs)
        for step in steps[1:]:
            result = step(result)
        return result

    return composed
