# correct: a list of the slices, longest first, down to the first element alone.
class Resolver:
    def _consecutive_slices(self, iterable):
        slices = []
        end = len(iterable)
        while end > 0:
            slices.append(iterable[:end])
            end -= 1
        return slices
