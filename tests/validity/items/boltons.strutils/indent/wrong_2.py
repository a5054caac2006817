# wrong: ignores `newline`; always rejoins with "\n".
def indent(text, margin, newline="\n", key=bool):
    return "\n".join(margin + line if key(line) else line for line in iter_splitlines(text))
