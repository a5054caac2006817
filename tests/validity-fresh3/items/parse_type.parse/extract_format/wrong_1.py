# wrong: no [sign] part: a leading "+", "-" or " " stays in the type, which is then not recognised.
import re


def extract_format(format, extra_types):
    spec = re.compile(r"(?:(?P<align>[<>=^])|(?P<fill>.)(?P<align2>[<>=^]))?"
                      r"(?P<zero>0)?(?P<width>\d*)"
                      r"(?:\.(?P<precision>\d*))?(?P<type>.*)\Z", re.S)
    m = spec.match(format)
    align = m.group("align") or m.group("align2")
    type = m.group("type")
    if (type and type not in ALLOWED_TYPES and type not in extra_types
            and type not in dt_format_to_regex and "%" not in type):
        raise ValueError("format spec %r not recognised" % type)
    return {"fill": m.group("fill"), "align": align, "sign": None, "zero": bool(m.group("zero")),
            "width": m.group("width"), "precision": m.group("precision"), "type": type}
