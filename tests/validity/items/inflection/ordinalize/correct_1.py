# correct: computes the suffix itself from the last two digits and appends it.
def ordinalize(number: int) -> str:
    n = abs(int(number))
    if n % 100 in (11, 12, 13):
        suffix = "th"
    else:
        suffix = ("th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th")[n % 10]
    return f"{number}{suffix}"
