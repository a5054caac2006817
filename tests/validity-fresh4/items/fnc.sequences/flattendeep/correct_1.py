# correct: every element of every iterable, descending into nested collections (iscollection:
# iterable but not str or bytes) at any depth, with an explicit stack instead of recursion.
def flattendeep(*seqs):
    for seq in seqs:
        stack = [iter(seq)]
        while stack:
            for item in stack[-1]:
                if iscollection(item):
                    stack.append(iter(item))
                    break
                yield item
            else:
                stack.pop()
