# wrong: ignores partial: always fills minor and patch with zeroes.
import re


class Version:
    @classmethod
    def coerce(cls, version_string, partial=False):
        m = re.match(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?", version_string)
        if not m:
            raise ValueError("Version string lacks a numerical component: %r" % version_string)
        parts = [str(int(p)) for p in m.groups() if p is not None]
        parts += ["0"] * (3 - len(parts))
        base = ".".join(parts)
        rest = re.sub(r"[^a-zA-Z0-9+.-]", "-", version_string[m.end():])
        if not rest:
            return cls(base, partial=partial)
        prerelease, build = "", ""
        if rest[0] in "+.":
            build = rest[1:]
        else:
            rest = rest[1:] if rest[0] == "-" else rest
            prerelease, _, build = rest.partition("+")
        build = build.replace("+", ".")
        text = base + ("-" + prerelease if prerelease else "") + ("+" + build if build else "")
        return cls(text, partial=partial)
