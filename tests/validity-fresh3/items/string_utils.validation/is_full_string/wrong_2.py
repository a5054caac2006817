# wrong: returns the stripped string (truthy or falsy) instead of a bool.
def is_full_string(input_string):
    return is_string(input_string) and input_string.strip()
