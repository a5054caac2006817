# wrong: never checks the type, so an unknown type such as "q" is returned instead of raising
# ValueError.
import re


def extract_format(format, extra_types):
    spec = re.compile(r"(?:(?P<align>[<>=^])|(?P<fill>.)(?P<align2>[<>=^]))?"
                      r"(?P<sign>[-+ ])?(?P<zero>0)?(?P<width>\d*)"
                      r"(?:\.(?P<precision>\d*))?(?P<type>.*)\Z", re.S)
    m = spec.match(format)
    return {"fill": m.group("fill"), "align": m.group("align") or m.group("align2"),
            "sign": m.group("sign"), "zero": bool(m.group("zero")), "width": m.group("width"),
            "precision": m.group("precision"), "type": m.group("type")}
