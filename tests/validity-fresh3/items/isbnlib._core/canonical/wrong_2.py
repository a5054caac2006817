# wrong: removes only the separators (hyphens and spaces), so other text such as an "ISBN" prefix
# is kept.
def canonical(isbnlike):
    return isbnlike.replace('-', '').replace(' ', '')
