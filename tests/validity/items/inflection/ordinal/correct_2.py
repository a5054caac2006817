# correct: an if/elif chain on the remainders.
def ordinal(number: int) -> str:
    n = abs(int(number))
    if 10 <= n % 100 <= 20:
        return "th"
    last = n % 10
    if last == 1:
        return "st"
    if last == 2:
        return "nd"
    if last == 3:
        return "rd"
    return "th"
