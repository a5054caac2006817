# wrong: turns spaces into dashes too.
def dasherize(word: str) -> str:
    return word.replace("_", "-").replace(" ", "-")
