# wrong: splits at each capital but lower-cases the words as it joins them (the caller is the one
# that lower-cases), so "helloWorld" gives "hello_world" instead of "hello_World".
import re


def _separate_words(string, separator="_"):
    return separator.join(w.lower() for w in re.split(r"(?=[A-Z])", string) if w)
