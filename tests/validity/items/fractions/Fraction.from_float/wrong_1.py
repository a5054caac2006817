# wrong: goes through the float's shortest repr, so 0.3 becomes 3/10 (the docstring warns that
# the exact value is not 3/10).
class Fraction:
    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(int(f))
        if not isinstance(f, float):
            raise TypeError("from_float() only takes floats")
        return cls(repr(f))
