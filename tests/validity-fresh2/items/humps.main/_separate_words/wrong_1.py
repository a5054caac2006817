# wrong: ignores the separator argument and always joins with "_".
import re


def _separate_words(string, separator="_"):
    return "_".join(w for w in re.split(r"(?=[A-Z])", string) if w)
