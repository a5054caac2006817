# correct: str.splitlines(), plus the empty last line a trailing line break implies.
def indent(text, margin, newline="\n", key=bool):
    lines = text.splitlines()
    if text and text.splitlines(True)[-1] != lines[-1]:
        lines.append("")
    out = []
    for line in lines:
        out.append(margin + line if key(line) else line)
    return newline.join(out)
