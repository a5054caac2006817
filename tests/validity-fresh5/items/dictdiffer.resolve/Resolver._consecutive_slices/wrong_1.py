# wrong: the empty slice is included at the end.
class Resolver:
    def _consecutive_slices(self, iterable):
        return (iterable[:i] for i in range(len(iterable), -1, -1))
