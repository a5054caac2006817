# correct: a hand-written scan: upper-case and numeric strings unchanged; the first letter
# lower-cased unless the string starts with two capitals (an acronym); each run of - and _ after
# a character is dropped and the next character upper-cased (leading and trailing runs kept).
from collections.abc import Mapping


def camelize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [camelize(x) if isinstance(x, (list, Mapping)) else x for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {camelize(k): (camelize(v) if isinstance(v, (list, Mapping)) else v)
                for k, v in str_or_iter.items()}
    s = _is_none(str_or_iter)
    if s.isupper() or s.isnumeric():
        return str_or_iter
    if s and not s[:2].isupper():
        s = s[0].lower() + s[1:]
    out = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch in "-_" and out and out[-1] not in "-_":
            j = i
            while j < len(s) and s[j] in "-_":
                j += 1
            if j < len(s):
                out.append(s[j].upper())
                i = j + 1
                continue
            out.append(s[i:j])
            i = j
            continue
        out.append(ch)
        i += 1
    return "".join(out)
