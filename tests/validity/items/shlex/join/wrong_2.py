# wrong: wraps unsafe words in double quotes, where $, ` and \ are still expanded.
def join(split_command):
    out = []
    for word in split_command:
        if word and _find_unsafe(word) is None:
            out.append(word)
        else:
            out.append('"' + word.replace('"', '\\"') + '"')
    return " ".join(out)
