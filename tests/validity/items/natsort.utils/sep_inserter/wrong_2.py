# wrong: inserts sep next to every number, not only between two adjacent numbers.
def sep_inserter(iterator, sep):
    first = True
    previous_numeric = False
    for value in iterator:
        numeric = isinstance(value, (int, float))
        if first and numeric:
            yield sep
        elif not first and (numeric or previous_numeric):
            yield sep
        yield value
        previous_numeric = numeric
        first = False
