# correct: decomposes the float with math.frexp into an integer mantissa and a power of two.
import math
import numbers


class Fraction:
    @classmethod
    def from_float(cls, f):
        if isinstance(f, numbers.Integral):
            return cls(int(f))
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)"
                            % (cls.__name__, f, type(f).__name__))
        if math.isnan(f):
            raise ValueError("cannot convert NaN to integer ratio")
        if math.isinf(f):
            raise OverflowError("cannot convert Infinity to integer ratio")
        mantissa, exponent = math.frexp(f)
        numerator = int(mantissa * (1 << 53))
        exponent -= 53
        if exponent >= 0:
            return cls(numerator << exponent, 1)
        return cls(numerator, 1 << -exponent)
