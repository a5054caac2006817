# wrong: keeps the trailing "_id" (the docstring's "author_id" -> "Author").
def humanize(word: str) -> str:
    word = word.replace("_", " ").lower()
    return word[:1].upper() + word[1:]
