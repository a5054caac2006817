# correct: a list stays a list, any other non-string is wrapped in a list; a string is split by
# hand on "." and on "[...]" groups (whose content, possibly empty, is one key), with no empty keys
# between a "]" and a ".".
def aspath(value):
    if isinstance(value, list):
        return list(value)
    if not isinstance(value, str):
        return [value]
    keys = []
    current = ''
    i = 0
    while i < len(value):
        char = value[i]
        if char == '.':
            if current:
                keys.append(current)
            current = ''
        elif char == '[' and ']' in value[i:]:
            if current:
                keys.append(current)
            current = ''
            end = value.index(']', i)
            keys.append(value[i + 1:end])
            i = end
        else:
            current += char
        i += 1
    if current:
        keys.append(current)
    return keys
