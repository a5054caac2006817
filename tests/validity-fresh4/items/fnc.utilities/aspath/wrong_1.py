# wrong: turns "[x]" into ".x" and splits on ".", so a leading "[" or an empty "[]" leaves empty
# keys ('[a][0]' gives ['', 'a', '0']).
def aspath(value):
    if isinstance(value, list):
        return list(value)
    if not isinstance(value, str):
        return [value]
    return value.replace('[', '.').replace(']', '').split('.')
