# wrong: flattens one level only.
def flattendeep(*seqs):
    for seq in seqs:
        for item in seq:
            if iscollection(item):
                yield from item
            else:
                yield item
