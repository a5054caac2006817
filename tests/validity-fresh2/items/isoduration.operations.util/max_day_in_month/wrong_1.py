# wrong: leap years are every fourth year only (1900 and 2100 get a 29th of February).
from decimal import Decimal


def max_day_in_month(year: Decimal, month: Decimal) -> Decimal:
    norm_month = int(mod3(month, Decimal(1), Decimal(13)))
    norm_year = year + quot3(month, Decimal(1), Decimal(13))
    if norm_month == 2:
        return Decimal(29) if mod2(norm_year, 4) == 0 else Decimal(28)
    if norm_month in (4, 6, 9, 11):
        return Decimal(30)
    return Decimal(31)
