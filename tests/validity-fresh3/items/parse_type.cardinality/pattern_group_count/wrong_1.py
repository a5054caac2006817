# wrong: counts escaped parentheses too (r"\(" is a literal, not a group).
def pattern_group_count(pattern):
    return pattern.count('(')
