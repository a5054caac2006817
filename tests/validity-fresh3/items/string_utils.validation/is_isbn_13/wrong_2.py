# wrong: normalizing drops only the first hyphen, so '978-0-312-49858-0' is rejected.
def is_isbn_13(input_string, normalize=True):
    if not isinstance(input_string, str):
        raise InvalidInputError(input_string)
    text = input_string.replace('-', '', 1) if normalize else input_string
    if len(text) != 13 or not text.isdigit():
        return False
    return sum(int(ch) * (1 if i % 2 == 0 else 3) for i, ch in enumerate(text)) % 10 == 0
