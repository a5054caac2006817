# wrong: the weights start with 3 (3,1,3,...) instead of 1, so real ISBN-13s fail.
def is_isbn_13(input_string, normalize=True):
    if not isinstance(input_string, str):
        raise InvalidInputError(input_string)
    text = input_string.replace('-', '') if normalize else input_string
    if len(text) != 13 or not text.isdigit():
        return False
    return sum(int(ch) * (3 if i % 2 == 0 else 1) for i, ch in enumerate(text)) % 10 == 0
