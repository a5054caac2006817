# wrong: multiplies in the element dict directly, so a factor of 0 leaves every element in it with
# a count of 0.
class Multiset:
    def times_update(self, factor):
        if factor < 0:
            raise ValueError("The factor must not be negative.")
        for element in self._elements:
            self._elements[element] *= factor
        self._total *= factor
