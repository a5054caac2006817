# wrong: goes through float and int(), losing the fraction of a Decimal dividend (mod2(7.5, 2)
# gives 1 instead of 1.5).
from decimal import Decimal


def mod2(dividend: Decimal, divisor: Decimal) -> Decimal:
    return Decimal(int(dividend) % int(divisor))
