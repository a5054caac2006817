# correct: re.findall of the runs that are neither punctuation nor whitespace.
import re
import string


def split_punct_ws(text):
    return re.findall("[^" + re.escape(string.punctuation) + r"\s]+", text)
