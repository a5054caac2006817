# wrong: shows the values with str instead of repr (strings lose their quotes).
def repr_args(*args, **kwargs):
    shown = [str(value) for value in args]
    shown += ["{}={}".format(name, value) for name, value in kwargs.items()]
    return ", ".join(shown)
