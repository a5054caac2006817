# correct: walks the string by hand and starts a new word at each upper-case letter (a run of -
# or _ before that capital stays with the new word, one after a word stays with it).
def _separate_words(string, separator="_"):
    words = []
    current = ""
    i = 0
    n = len(string)
    while i < n:
        j = i
        while j < n and string[j] in "-_":
            j += 1
        if j < n and "A" <= string[j] <= "Z":
            if current:
                words.append(current)
            current = string[i:j + 1]
            i = j + 1
            continue
        current += string[i:j] if j > i else string[i]
        i = j if j > i else i + 1
    if current:
        words.append(current)
    return separator.join(words)
