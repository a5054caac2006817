# wrong: capitalises only the first word of the string (sentence case).
def titlecase(st):
    for i, ch in enumerate(st):
        if ch.isalpha():
            return st[:i] + ch.upper() + st[i + 1:]
    return st
