# correct: a scan that counts every opening parenthesis not escaped by a backslash.
def pattern_group_count(pattern):
    count = 0
    i = 0
    while i < len(pattern):
        if pattern[i] == '\\':
            i += 2
            continue
        if pattern[i] == '(':
            count += 1
        i += 1
    return count
