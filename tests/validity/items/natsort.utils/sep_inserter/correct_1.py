# correct: tracks whether the previous value was numeric, starting as if a number preceded the
# input so that a leading number gets sep first.
def sep_inserter(iterator, sep):
    previous_numeric = True
    for value in iterator:
        numeric = isinstance(value, (int, float))
        if numeric and previous_numeric:
            yield sep
        yield value
        previous_numeric = numeric
