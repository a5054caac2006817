# wrong: capitalises every word, not only the first.
def humanize(word: str) -> str:
    if word.endswith("_id"):
        word = word[:-3]
    return " ".join(part.capitalize() for part in word.split("_"))
