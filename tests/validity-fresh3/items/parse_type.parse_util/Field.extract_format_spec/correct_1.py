# correct: a regular expression for [[fill]align][0][width][.precision][type]; width is the text
# of its digits ('' when absent), precision None without a ".", and an empty format or a missing
# type raises ValueError.
import re


class Field:
    @classmethod
    def extract_format_spec(cls, format):
        if not format:
            raise ValueError("INVALID-FORMAT: %s (empty-string)" % format)
        aligns = re.escape(cls.ALIGN_CHARS)
        m = re.match(r"(?:([%s])|(.)([%s]))?(0)?(\d*)(?:\.(\d*))?(.*)\Z" % (aligns, aligns),
                     format, re.S)
        align = m.group(1) or m.group(3)
        fill = m.group(2)
        type_ = m.group(7)
        if not type_:
            raise ValueError("INVALID-FORMAT: %s (without type)" % format)
        return FormatSpec(type_, m.group(5), m.group(4) is not None, align, fill, m.group(6))
