# wrong: rounds to nine decimal places instead of converting exactly.
class Fraction:
    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(int(f))
        if not isinstance(f, float):
            raise TypeError("from_float() only takes floats")
        scale = 10 ** 9
        return cls(round(f * scale), scale)
