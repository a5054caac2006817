# correct: tuples become functools.partial(*tuple); the first function gets the call's arguments,
# each next one the previous result, left to right.
import functools


def compose(*funcs):
    steps = [functools.partial(*func) if isinstance(func, tuple) else func for func in funcs]

    def composed(*args, **kwargs):
        result = steps[0](*args, **kwargs)
        for step in steps[1:]:
            result = step(result)
        return result

    return composed
