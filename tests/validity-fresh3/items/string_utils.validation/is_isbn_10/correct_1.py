# correct: hyphens dropped unless normalize=False, then exactly ten digits whose weighted sum
# (weights 1..10) is a multiple of 11; a non-string raises InvalidInputError.
def is_isbn_10(input_string, normalize=True):
    if not isinstance(input_string, str):
        raise InvalidInputError(input_string)
    text = input_string.replace('-', '') if normalize else input_string
    if len(text) != 10 or not all(ch in '0123456789' for ch in text):
        return False
    return sum((i + 1) * int(ch) for i, ch in enumerate(text)) % 11 == 0
