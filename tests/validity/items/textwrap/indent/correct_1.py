# correct: walks the lines with str.splitlines(keepends=True); the default predicate keeps lines
# that have a non-whitespace character.
def indent(text, prefix, predicate=None):
    if predicate is None:
        def predicate(line):
            return bool(line.strip())
    out = []
    for line in text.splitlines(True):
        out.append(prefix + line if predicate(line) else line)
    return "".join(out)
