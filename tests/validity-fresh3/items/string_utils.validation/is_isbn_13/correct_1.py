# correct: hyphens dropped unless normalize=False, then exactly thirteen digits with weights
# 1,3,1,3,... summing to a multiple of 10; a non-string raises InvalidInputError.
def is_isbn_13(input_string, normalize=True):
    if not isinstance(input_string, str):
        raise InvalidInputError(input_string)
    text = input_string.replace('-', '') if normalize else input_string
    if len(text) != 13 or any(ch not in '0123456789' for ch in text):
        return False
    odd = sum(int(ch) for ch in text[0::2])
    even = sum(int(ch) for ch in text[1::2])
    return (odd + 3 * even) % 10 == 0
