# correct: doubles the value until it is whole (exact for binary floats), counting the doublings
# in the denominator.
import math


class Fraction:
    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(int(f))
        if not isinstance(f, float):
            raise TypeError("from_float() only takes floats, not %r" % (f,))
        if f != f:
            raise ValueError("cannot convert NaN to integer ratio")
        if f in (math.inf, -math.inf):
            raise OverflowError("cannot convert Infinity to integer ratio")
        numerator, denominator = f, 1
        while numerator != math.floor(numerator):
            numerator *= 2.0
            denominator *= 2
        return cls(int(numerator), denominator)
