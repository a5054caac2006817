# wrong: ignores sign (the values are always positive).
import re
from decimal import Decimal, InvalidOperation


def parse_time_duration(time_str: str, sign: int) -> TimeDuration:
    designators = OrderedDict([("H", "hours"), ("M", "minutes"), ("S", "seconds")])
    duration = TimeDuration()
    start = 0
    for i, ch in enumerate(time_str):
        if is_letter(ch):
            try:
                name = parse_designator(designators, ch)
            except OutOfDesignators as exc:
                raise IncorrectDesignator(time_str) from exc
            try:
                setattr(duration, name, Decimal(time_str[start:i]))
            except InvalidOperation as exc:
                raise UnparseableValue(time_str) from exc
            start = i + 1
        elif not is_number(ch):
            raise UnknownToken(time_str)
    return duration
