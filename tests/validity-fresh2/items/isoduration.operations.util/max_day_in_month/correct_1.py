# correct: the month normalised into 1..12 (carrying whole years, as quot3/mod3 over [1, 13)
# do), then the length looked up with calendar.monthrange, returned as a Decimal.
import calendar
from decimal import Decimal


def max_day_in_month(year: Decimal, month: Decimal) -> Decimal:
    m = int(month) - 1
    y = int(year) + m // 12
    return Decimal(calendar.monthrange(y, m % 12 + 1)[1])
