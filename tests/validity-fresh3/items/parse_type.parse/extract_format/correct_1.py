# correct: a regular expression splits [[fill]align][sign][0][width][.precision][type]; the type,
# when present, must be a known type, one of extra_types or a strftime-like "%" pattern, else
# ValueError.
import re


def extract_format(format, extra_types):
    spec = re.compile(r"(?:(?P<align>[<>=^])|(?P<fill>.)(?P<align2>[<>=^]))?"
                      r"(?P<sign>[-+ ])?(?P<zero>0)?(?P<width>\d*)"
                      r"(?:\.(?P<precision>\d*))?(?P<type>.*)\Z", re.S)
    m = spec.match(format)
    align = m.group("align") or m.group("align2")
    fill = m.group("fill")
    type = m.group("type")
    if (type and type not in ALLOWED_TYPES and type not in extra_types
            and type not in dt_format_to_regex and "%" not in type):
        raise ValueError("format spec %r not recognised" % type)
    return {"fill": fill, "align": align, "sign": m.group("sign"), "zero": bool(m.group("zero")),
            "width": m.group("width"), "precision": m.group("precision"), "type": type}
