# correct: builds its own regular expression (lazy stars, bracket sets re-escaped) and uses
# re.fullmatch with DOTALL.
import re


def fnmatchcase(name, pat):
    out, i, n = [], 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == "*":
            if not out or out[-1] != ".*":
                out.append(".*")
        elif c == "?":
            out.append(".")
        elif c == "[":
            j = i
            if j < n and pat[j] == "!":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                out.append(re.escape("["))
                continue
            body, i = pat[i:j], j + 1
            negate = body.startswith("!")
            if negate:
                body = body[1:]
            parts, k = [], 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    lo, hi = body[k], body[k + 2]
                    if lo <= hi:
                        parts.append(re.escape(lo) + "-" + re.escape(hi))
                    k += 3
                else:
                    parts.append(re.escape(body[k]))
                    k += 1
            if parts:
                out.append(("[^" if negate else "[") + "".join(parts) + "]")
            else:
                out.append("." if negate else "(?!)")
        else:
            out.append(re.escape(c))
    return re.fullmatch("".join(out), name, re.DOTALL) is not None
