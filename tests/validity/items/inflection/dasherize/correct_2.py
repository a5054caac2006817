# correct: a translation table.
def dasherize(word: str) -> str:
    return word.translate({ord("_"): "-"})
