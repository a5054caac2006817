# wrong: keeps the empty strings a leading or trailing separator produces.
import re
import string


def split_punct_ws(text):
    return re.split("[" + re.escape(string.punctuation + string.whitespace) + "]+", text)
