# wrong: only checks for None and the empty string, so a string of spaces (' ') counts as full.
def is_full_string(input_string):
    return input_string is not None and input_string != ''
