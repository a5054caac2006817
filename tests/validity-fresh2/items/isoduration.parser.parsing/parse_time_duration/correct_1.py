# correct: a left-to-right scan that cuts the text at each designator letter; the designators
# must come in the order H, M, S (each at most once), every other character must be part of a
# number; each value is a Decimal multiplied by sign.
from decimal import Decimal, InvalidOperation


def parse_time_duration(time_str: str, sign: int) -> TimeDuration:
    order = ["H", "M", "S"]
    fields = {"H": "hours", "M": "minutes", "S": "seconds"}
    values = {}
    number = ""
    for ch in time_str:
        if is_letter(ch):
            if ch not in order:
                raise IncorrectDesignator(f"unexpected designator {ch!r} in {time_str!r}")
            order = order[order.index(ch) + 1:]
            try:
                values[fields[ch]] = sign * Decimal(number)
            except InvalidOperation as exc:
                raise UnparseableValue(f"cannot parse {number!r} in {time_str!r}") from exc
            number = ""
        elif is_number(ch):
            number += ch
        else:
            raise UnknownToken(f"unknown token {ch!r} in {time_str!r}")
    return TimeDuration(**values)
