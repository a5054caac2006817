# correct: the XML Schema modulo over a range: the value shifted into [low, high) by a floored
# number of periods, computed with divmod-free arithmetic and math.floor.
import math
from decimal import Decimal


def mod3(value: Decimal, low: Decimal, high: Decimal) -> Decimal:
    period = high - low
    periods = Decimal(math.floor((value - low) / period))
    return value - periods * period
