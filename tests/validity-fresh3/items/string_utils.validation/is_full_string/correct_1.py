# correct: a string with some character that is not white space; anything else (None, bytes,
# numbers) is not a full string.
def is_full_string(input_string):
    if not isinstance(input_string, str):
        return False
    return any(not ch.isspace() for ch in input_string)
