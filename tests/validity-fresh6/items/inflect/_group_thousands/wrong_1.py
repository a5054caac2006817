# wrong: without the sign-passing decorator, a sign counts as a digit ("-100" gives "-,100").
def _group_thousands(integer_text, separator):
    groups = []
    reversed_text = integer_text[::-1]
    for index in range(0, len(reversed_text), 3):
        groups.append(reversed_text[index:index + 3][::-1])
    return separator.join(reversed(groups)) if groups else integer_text
