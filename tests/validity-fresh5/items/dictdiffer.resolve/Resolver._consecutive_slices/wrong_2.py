# wrong: shortest slice first (the docstring's example goes from the whole path down).
class Resolver:
    def _consecutive_slices(self, iterable):
        return (iterable[:i] for i in range(1, len(iterable) + 1))
