# wrong: ignores ending=None (the docstring: pass None to get the list) and joins anyway.
def unwrap_text(text, ending='\n\n'):
    paragraphs, current = [], []
    for line in text.splitlines():
        line = line.strip()
        if line:
            current.append(line)
        else:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return (ending or "\n\n").join(paragraphs)
