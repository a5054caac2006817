# correct: quotes every word inline (own safe-character test) and joins with spaces.
import re


def join(split_command):
    words = []
    for word in split_command:
        if word == "":
            words.append("''")
        elif re.fullmatch(r"[\w@%+=:,./-]+", word, re.ASCII):
            words.append(word)
        else:
            words.append("'" + word.replace("'", "'\"'\"'") + "'")
    return " ".join(words)
