# correct: recursion over lists and mappings written out; upper-case and numeric strings returned
# unchanged, as the sibling camelize does; otherwise separators at the start and end are kept
# (camelize keeps them too) and the words between, split on runs of - and _ with re.split, are
# joined with their first letters upper-cased (the rest kept).
import re
from collections.abc import Mapping


def pascalize(str_or_iter):
    if isinstance(str_or_iter, list):
        return [pascalize(x) if isinstance(x, (list, Mapping)) else x for x in str_or_iter]
    if isinstance(str_or_iter, Mapping):
        return {pascalize(k): (pascalize(v) if isinstance(v, (list, Mapping)) else v)
                for k, v in str_or_iter.items()}
    s = "" if str_or_iter is None else "".join(str(str_or_iter).split())
    if s.isupper() or s.isnumeric():
        return str_or_iter
    head = re.match(r"[-_]*", s).group(0)
    body = s[len(head):]
    tail = re.search(r"[-_]*$", body).group(0)
    body = body[:len(body) - len(tail)]
    return head + "".join(w[:1].upper() + w[1:] for w in re.split(r"[-_]+", body)) + tail
