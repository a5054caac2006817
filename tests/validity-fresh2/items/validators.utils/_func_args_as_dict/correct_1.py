# correct: the positional arguments paired with the function's parameter names via
# inspect.signature, then the keyword arguments, in that order.
import inspect


def _func_args_as_dict(func, *args, **kwargs):
    names = [p.name for p in inspect.signature(func).parameters.values()
             if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    result = {}
    for name, value in zip(names, args):
        result[name] = value
    for name, value in kwargs.items():
        result[name] = value
    return result
