# correct: the same with an explicit middle slice.
def a10n(string):
    middle = string[1:-1]
    if len(string) <= 2:
        return string
    return string[0] + str(len(middle)) + string[-1]
