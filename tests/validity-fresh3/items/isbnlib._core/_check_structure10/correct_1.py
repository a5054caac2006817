# correct: the text starts with the ISBN-10 structure RE_ISBN10 describes.
def _check_structure10(isbn10like):
    return RE_ISBN10.match(isbn10like) is not None
