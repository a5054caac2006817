# correct: first letter, count of the letters between, last letter; strings under three long stay.
def a10n(string):
    if len(string) < 3:
        return string
    return f"{string[0]}{len(string) - 2}{string[-1]}"
