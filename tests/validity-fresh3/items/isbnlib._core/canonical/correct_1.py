# correct: a filter keeping the ASCII digits and the letter X (a lower-case x read as X).
def canonical(isbnlike):
    kept = []
    for ch in isbnlike:
        if ch in '0123456789':
            kept.append(ch)
        elif ch in 'xX':
            kept.append('X')
    return ''.join(kept)
