# correct: paragraphs are separated by blank lines (runs of them count once); each paragraph's
# lines are stripped and joined with single spaces.
import re


def unwrap_text(text, ending='\n\n'):
    paragraphs = []
    for block in re.split(r"\n[ \t]*(?:\n[ \t]*)+", text.strip()):
        words = " ".join(line.strip() for line in block.splitlines() if line.strip())
        if words:
            paragraphs.append(words)
    if ending is None:
        return paragraphs
    return ending.join(paragraphs)
