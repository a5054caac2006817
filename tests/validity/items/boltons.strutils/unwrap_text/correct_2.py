# correct: a loop over the lines that closes a paragraph at each blank line.
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
    return paragraphs if ending is None else ending.join(paragraphs)
