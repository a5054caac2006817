# wrong: replaces only the first underscore.
def dasherize(word: str) -> str:
    return word.replace("_", "-", 1)
