# wrong: leaves out the keyword arguments.
from inspect import getfullargspec


def _func_args_as_dict(func, *args, **kwargs):
    return dict(zip(getfullargspec(func).args, args))
