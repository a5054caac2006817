# wrong: the alternating 31/30 rule without the switch at August (July and August both have 31),
# so August gets 30 days and September 31.
from decimal import Decimal


def max_day_in_month(year: Decimal, month: Decimal) -> Decimal:
    norm_month = int(mod3(month, Decimal(1), Decimal(13)))
    norm_year = year + quot3(month, Decimal(1), Decimal(13))
    if norm_month == 2:
        leap = mod2(norm_year, 4) == 0 and (mod2(norm_year, 100) != 0 or mod2(norm_year, 400) == 0)
        return Decimal(29) if leap else Decimal(28)
    return Decimal(31) if norm_month % 2 == 1 else Decimal(30)
