# wrong: a leading "0" is read as part of the width ("010d" gives width "010" and zero False)
# instead of the zero flag.
import re


class Field:
    @classmethod
    def extract_format_spec(cls, format):
        if not format:
            raise ValueError("INVALID-FORMAT: %s (empty-string)" % format)
        m = re.match(r"(?:([<>=^])|(.)([<>=^]))?(\d*)(?:\.(\d*))?(.*)\Z", format, re.S)
        type_ = m.group(6)
        if not type_:
            raise ValueError("INVALID-FORMAT: %s (without type)" % format)
        return FormatSpec(type_, m.group(4), False, m.group(1) or m.group(3), m.group(2), m.group(5))
