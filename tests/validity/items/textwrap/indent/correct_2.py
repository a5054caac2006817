# correct: splits on "\n" only (a line is what ends in a newline), keeping the newlines, and
# builds the result with a generator.
def indent(text, prefix, predicate=None):
    pieces = text.split("\n")
    lines = [p + "\n" for p in pieces[:-1]]
    if pieces[-1]:
        lines.append(pieces[-1])
    if predicate is None:
        predicate = lambda line: not (line == "" or line.isspace())
    return "".join((prefix + line) if predicate(line) else line for line in lines)
