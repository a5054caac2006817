# wrong: ignores normalize: hyphens are always dropped, so '150-6715214' with normalize=False
# passes.
def is_isbn_10(input_string, normalize=True):
    if not isinstance(input_string, str):
        raise InvalidInputError(input_string)
    text = input_string.replace('-', '')
    if len(text) != 10 or not text.isdigit():
        return False
    return sum((i + 1) * int(ch) for i, ch in enumerate(text)) % 11 == 0
