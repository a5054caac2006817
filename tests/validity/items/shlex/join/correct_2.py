# correct: accumulates the quoted words with an explicit separator.
def join(split_command):
    result = ""
    for index, word in enumerate(split_command):
        if index:
            result += " "
        result += quote(word)
    return result
