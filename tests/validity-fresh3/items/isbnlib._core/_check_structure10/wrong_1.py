# wrong: requires the whole text to match (fullmatch), so a 10-16 character ISBN-like start
# followed by more text is rejected.
def _check_structure10(isbn10like):
    return RE_ISBN10.fullmatch(isbn10like) is not None
