# correct: string concatenation with ordinal().
def ordinalize(number: int) -> str:
    return str(number) + ordinal(number)
