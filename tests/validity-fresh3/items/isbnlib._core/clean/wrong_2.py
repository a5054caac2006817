# wrong: drops spaces as well, though a space is one of the legal characters.
def clean(isbnlike):
    return ''.join(ch for ch in isbnlike if ch in LEGAL and ch != ' ')
