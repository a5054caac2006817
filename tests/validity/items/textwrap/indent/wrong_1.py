# wrong: ignores `predicate`; always uses the default rule.
def indent(text, prefix, predicate=None):
    out = []
    for line in text.splitlines(True):
        out.append(prefix + line if line.strip() else line)
    return "".join(out)
