# wrong: descends only into lists; tuples, sets and other collections stay whole.
def flattendeep(*seqs):
    def walk(items):
        for item in items:
            if isinstance(item, list):
                yield from walk(item)
            else:
                yield item
    for seq in seqs:
        yield from walk(seq)
