# correct: a single regular-expression substitution.
import re


def escape(s, quote=True):
    pattern = r"[&<>\"']" if quote else r"[&<>]"
    names = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
    return re.sub(pattern, lambda m: names[m.group(0)], s)
