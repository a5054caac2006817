# wrong: no absolute value, so negative numbers use Python's modulo of a negative (-1021 -> 'th').
def ordinal(number: int) -> str:
    n = int(number)
    if n % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
