# wrong: the type is taken as optional (as the bracketed spec suggests): a format without a type,
# such as "<10", gives type '' instead of raising ValueError.
import re


class Field:
    @classmethod
    def extract_format_spec(cls, format):
        if not format:
            raise ValueError("INVALID-FORMAT: %s (empty-string)" % format)
        m = re.match(r"(?:([<>=^])|(.)([<>=^]))?(0)?(\d*)(?:\.(\d*))?(.*)\Z", format, re.S)
        return FormatSpec(m.group(7), m.group(5), m.group(4) is not None,
                          m.group(1) or m.group(3), m.group(2), m.group(6))
