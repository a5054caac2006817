# correct: the same steps with regular expressions.
import re


def humanize(word: str) -> str:
    word = re.sub(r"_id\Z", "", word)
    word = re.sub(r"_", " ", word).lower()
    return re.sub(r"\A\w", lambda m: m.group(0).upper(), word)
