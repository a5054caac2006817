# correct: one pass down the path (instead of one get per prefix), recording each segment with
# the type of the value it leads to; a missing step raises what get raises.
from collections.abc import Sequence


def types(obj, segments):
    out = []
    current = obj
    for i, segment in enumerate(segments):
        if leaf(current):
            raise PathNotFound(f"Path: {segments}[{i}]")
        key = int(segment) if (isinstance(current, Sequence) and isinstance(segment, str)
                               and segment.isdecimal()) else segment
        current = current[key]
        out.append((segment, type(current)))
    return tuple(out)
