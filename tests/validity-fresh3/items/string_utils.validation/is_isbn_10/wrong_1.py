# wrong: never checks the length: any digit string whose weighted sum is a multiple of 11 passes
# (eleven zeros, or an empty string).
def is_isbn_10(input_string, normalize=True):
    if not isinstance(input_string, str):
        raise InvalidInputError(input_string)
    text = input_string.replace('-', '') if normalize else input_string
    if not text.isdigit() and text != '':
        return False
    return sum((i + 1) * int(ch) for i, ch in enumerate(text)) % 11 == 0
