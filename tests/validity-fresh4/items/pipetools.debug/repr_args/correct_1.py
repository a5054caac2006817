# correct: the arguments as a call would show them: each positional argument's repr, then each
# keyword argument as name=repr in the order given, joined by ", ".
def repr_args(*args, **kwargs):
    shown = [repr(value) for value in args]
    shown += ["{}={!r}".format(name, value) for name, value in kwargs.items()]
    return ", ".join(shown)
