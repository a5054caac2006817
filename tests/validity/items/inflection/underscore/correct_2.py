# correct: one regular expression for both word boundaries, then dashes and case.
import re


def underscore(word: str) -> str:
    word = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", word)
    return word.replace("-", "_").lower()
