# wrong: Decimal's %, which truncates toward zero: mod2(-1, 12) gives -1 instead of 11.
from decimal import Decimal


def mod2(dividend: Decimal, divisor: Decimal) -> Decimal:
    return dividend % divisor
