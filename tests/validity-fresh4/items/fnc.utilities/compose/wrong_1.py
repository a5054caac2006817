# wrong: applies the functions right to left (mathematical composition), not f first.
import functools


def compose(*funcs):
    steps = [functools.partial(*func) if isinstance(func, tuple) else func for func in funcs]

    def composed(*args, **kwargs):
        result = steps[-1](*args, **kwargs)
        for step in reversed(steps[:-1]):
            result = step(result)
        return result

    return composed
