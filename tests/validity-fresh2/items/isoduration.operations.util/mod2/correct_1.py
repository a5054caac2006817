# correct: Decimal's truncating remainder, corrected to the floored one: when it is non-zero and
# its sign differs from the divisor's, the divisor is added.
from decimal import Decimal


def mod2(dividend: Decimal, divisor: Decimal) -> Decimal:
    remainder = dividend % divisor
    if remainder != 0 and (remainder < 0) != (divisor < 0):
        remainder += divisor
    return remainder
