# wrong: when build data already appeared after the extra components, it replaces them instead
# of being appended ('0.1.2.3+4' gives build ('4',), not ('3', '4')).
import re


class Version:
    @classmethod
    def coerce(cls, version_string, partial=False):
        m = re.match(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?", version_string)
        if not m:
            raise ValueError("Version string lacks a numerical component: %r" % version_string)
        parts = [str(int(p)) for p in m.groups() if p is not None]
        if not partial:
            parts += ["0"] * (3 - len(parts))
        base = ".".join(parts)
        rest = re.sub(r"[^a-zA-Z0-9+.-]", "-", version_string[m.end():])
        if not rest:
            return cls(base, partial=partial)
        prerelease, build = "", ""
        if rest[0] == ".":
            build = rest[1:].split("+")[-1] if "+" in rest else rest[1:]
        elif rest[0] == "+":
            build = rest[1:].replace("+", ".")
        else:
            rest = rest[1:] if rest[0] == "-" else rest
            prerelease, _, build = rest.partition("+")
            build = build.replace("+", ".")
        text = base + ("-" + prerelease if prerelease else "") + ("+" + build if build else "")
        return cls(text, partial=partial)
