# wrong: ignores the lower bound: the remainder of value by high, so with low=1, high=13 a month
# of 12 comes back as 12 but 13 as 0 instead of 1.
from decimal import Decimal


def mod3(value: Decimal, low: Decimal, high: Decimal) -> Decimal:
    return mod2(value, high)
