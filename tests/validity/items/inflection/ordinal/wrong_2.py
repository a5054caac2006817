# wrong: no teen exception, so 11 is '11st'.
def ordinal(number: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(abs(int(number)) % 10, "th")
