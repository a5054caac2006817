# correct: split on underscores, join with dashes.
def dasherize(word: str) -> str:
    return "-".join(word.split("_"))
