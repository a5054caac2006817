# wrong: the keyword arguments come sorted by name instead of in the order they were given.
def repr_args(*args, **kwargs):
    shown = [repr(value) for value in args]
    shown += ["{}={!r}".format(name, kwargs[name]) for name in sorted(kwargs)]
    return ", ".join(shown)
