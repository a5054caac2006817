# wrong: uses Decimal's %, whose remainder takes the sign of the dividend (truncating), so a value
# below low is not brought back into [low, high).
from decimal import Decimal


def mod3(value: Decimal, low: Decimal, high: Decimal) -> Decimal:
    return (value - low) % (high - low) + low
