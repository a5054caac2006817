# wrong: never yields sep before a leading number (the docstring says it must).
def sep_inserter(iterator, sep):
    previous_numeric = False
    for value in iterator:
        numeric = isinstance(value, (int, float))
        if numeric and previous_numeric:
            yield sep
        yield value
        previous_numeric = numeric
