# correct: the elements with `value` between each two of them (none before the first or after the
# last); works on any iterable.
def intersperse(value, seq):
    iterator = iter(seq)
    for first in iterator:
        yield first
        break
    for item in iterator:
        yield value
        yield item
