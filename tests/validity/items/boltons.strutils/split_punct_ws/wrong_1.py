# wrong: splits on whitespace only and strips punctuation from the ends of each word, so
# 'a.b' stays one word.
import string


def split_punct_ws(text):
    words = (w.strip(string.punctuation) for w in text.split())
    return [w for w in words if w]
