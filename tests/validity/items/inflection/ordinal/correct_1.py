# correct: decides from the last two decimal digits of the absolute value.
def ordinal(number: int) -> str:
    digits = str(abs(int(number)))
    if len(digits) >= 2 and digits[-2] == "1":
        return "th"
    return {"1": "st", "2": "nd", "3": "rd"}.get(digits[-1], "th")
