# wrong: accepts the designators in any order ("3S1H"), looking each one up in a plain dict, and
# lets a repeated one overwrite the earlier value.
from decimal import Decimal, InvalidOperation


def parse_time_duration(time_str: str, sign: int) -> TimeDuration:
    names = {"H": "hours", "M": "minutes", "S": "seconds"}
    duration = TimeDuration()
    start = 0
    for i, ch in enumerate(time_str):
        if is_letter(ch):
            if ch not in names:
                raise IncorrectDesignator(time_str)
            try:
                setattr(duration, names[ch], sign * Decimal(time_str[start:i]))
            except InvalidOperation as exc:
                raise UnparseableValue(time_str) from exc
            start = i + 1
        elif not is_number(ch):
            raise UnknownToken(time_str)
    return duration
