# wrong: no teen exception, so 12 is '12nd'.
def ordinalize(number: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(abs(number) % 10, "th")
    return "{}{}".format(number, suffix)
