# correct: drop a trailing "_id", underscores to spaces, lower-case, upper-case the first character.
def humanize(word: str) -> str:
    if word.endswith("_id"):
        word = word[:-3]
    word = word.replace("_", " ").lower()
    return word[:1].upper() + word[1:]
