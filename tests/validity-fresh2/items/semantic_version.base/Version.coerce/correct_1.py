# correct: reads the leading numbers by hand (up to three dot-separated runs of digits), pads
# with zeros unless partial, then splits the rest into prerelease and build, turning characters
# semver forbids into "-" and extra dot components (and later "+" parts) into build data.
import re


class Version:
    @classmethod
    def coerce(cls, version_string, partial=False):
        numbers = []
        pos = 0
        while len(numbers) < 3:
            start = pos + (1 if numbers else 0)
            if numbers and (pos >= len(version_string) or version_string[pos] != "."):
                break
            end = start
            while end < len(version_string) and version_string[end].isdigit():
                end += 1
            if end == start:
                break
            numbers.append(str(int(version_string[start:end])))
            pos = end
        if not numbers:
            raise ValueError("Version string lacks a numerical component: %r" % version_string)
        if not partial:
            numbers += ["0"] * (3 - len(numbers))
        base = ".".join(numbers)
        rest = re.sub(r"[^a-zA-Z0-9+.-]", "-", version_string[pos:])
        if not rest:
            return cls(base, partial=partial)
        prerelease, build = "", ""
        if rest[0] in "+.":
            build = rest[1:]
        else:
            if rest[0] == "-":
                rest = rest[1:]
            prerelease, _, build = rest.partition("+")
        build = build.replace("+", ".")
        text = base + ("-" + prerelease if prerelease else "") + ("+" + build if build else "")
        return cls(text, partial=partial)
