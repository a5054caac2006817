# wrong: ignores `key`, so empty lines get the margin too.
def indent(text, margin, newline="\n", key=bool):
    return newline.join(margin + line for line in iter_splitlines(text))
