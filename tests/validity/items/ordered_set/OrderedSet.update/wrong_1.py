# wrong: returns len(self) - 1, i.e. assumes the last element was new; when it was already present
# its own (earlier) index must be returned.
class OrderedSet:
    def update(self, sequence):
        try:
            for item in sequence:
                self.add(item)
        except TypeError:
            raise ValueError("Argument needs to be an iterable, got %s" % type(sequence))
        return len(self.items) - 1
