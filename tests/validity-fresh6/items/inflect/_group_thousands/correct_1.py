# correct: groups of three counted from the right by walking the reversed digits; the sign still passes through the decorator.
@_passthrough_sign
def _group_thousands(integer_text, separator):
    groups = []
    reversed_text = integer_text[::-1]
    for index in range(0, len(reversed_text), 3):
        groups.append(reversed_text[index:index + 3][::-1])
    return separator.join(reversed(groups)) if groups else integer_text
