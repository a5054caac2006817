# wrong: joins lines without stripping them, so indentation and trailing spaces pile up
# ("Short \n lines" -> "Short   lines").
def unwrap_text(text, ending='\n\n'):
    paragraphs, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line)
        else:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return paragraphs if ending is None else ending.join(paragraphs)
