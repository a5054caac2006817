# wrong: searches for the structure anywhere in the text instead of at its start.
def _check_structure10(isbn10like):
    return RE_ISBN10.search(isbn10like) is not None
