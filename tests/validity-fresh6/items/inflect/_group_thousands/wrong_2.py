# wrong: groups of three counted from the left ("1234" gives "123,4").
@_passthrough_sign
def _group_thousands(integer_text, separator):
    return separator.join(integer_text[index:index + 3] for index in range(0, len(integer_text), 3))
