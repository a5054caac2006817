# wrong: also upper-cases what it keeps ("isbn" becomes "ISBN", "x" becomes "X").
def clean(isbnlike):
    return ''.join(ch for ch in isbnlike if ch in LEGAL).upper()
