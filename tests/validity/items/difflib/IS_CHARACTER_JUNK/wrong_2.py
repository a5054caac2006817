# wrong: any whitespace counts, so "\n" is junk (the docstring says it is not).
def IS_CHARACTER_JUNK(ch, ws=" \t"):
    return ch.isspace()
