# correct: a character loop against the set of ASCII punctuation and whitespace.
import string


def split_punct_ws(text):
    breaks = set(string.punctuation + string.whitespace)
    words, current = [], []
    for ch in text:
        if ch in breaks:
            if current:
                words.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        words.append("".join(current))
    return words
