# wrong: the default prefixes every line, blank and whitespace-only ones too (the docstring says
# those are skipped).
def indent(text, prefix, predicate=None):
    if predicate is None:
        predicate = lambda line: True
    return "".join(prefix + line if predicate(line) else line for line in text.splitlines(True))
