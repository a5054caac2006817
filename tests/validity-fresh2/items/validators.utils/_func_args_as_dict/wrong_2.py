# wrong: also lists the parameters that were not passed, with their defaults (or None).
import inspect


def _func_args_as_dict(func, *args, **kwargs):
    result = {}
    params = [p for p in inspect.signature(func).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for i, p in enumerate(params):
        if i < len(args):
            result[p.name] = args[i]
        else:
            result[p.name] = None if p.default is p.empty else p.default
    result.update(kwargs)
    return result
