# correct: walks the path itself (a decimal string indexes a sequence, as get does) and answers
# False at the first segment that cannot be followed.
from collections.abc import Sequence


def has(obj, segments):
    current = obj
    for segment in segments:
        if isinstance(current, (bytes, str, int, float, bool, type(None))):
            return False
        if isinstance(current, Sequence) and isinstance(segment, str) and segment.isdecimal():
            segment = int(segment)
        try:
            current = current[segment]
        except (KeyError, IndexError, TypeError):
            return False
    return True
