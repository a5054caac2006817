# correct: checks iterability up front with iter(), then adds item by item.
class OrderedSet:
    def update(self, sequence):
        try:
            iterator = iter(sequence)
        except TypeError:
            raise ValueError("Argument needs to be an iterable, got %s" % type(sequence))
        last = 0
        for item in iterator:
            last = self.add(item)
        return last
