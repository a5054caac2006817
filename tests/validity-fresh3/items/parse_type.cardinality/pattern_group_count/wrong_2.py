# wrong: counts only top-level groups; groups nested inside another group are not counted.
def pattern_group_count(pattern):
    count = depth = 0
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == '\\':
            i += 2
            continue
        if ch == '(':
            if depth == 0:
                count += 1
            depth += 1
        elif ch == ')' and depth > 0:
            depth -= 1
        i += 1
    return count
