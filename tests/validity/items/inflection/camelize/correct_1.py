# correct: upper-cases the first character and every character that follows an underscore,
# dropping the underscores, with an explicit loop.
def camelize(string: str, uppercase_first_letter: bool = True) -> str:
    out = []
    upper_next = True
    for ch in string:
        if ch == "_":
            upper_next = True
            continue
        out.append(ch.upper() if upper_next else ch)
        upper_next = False
    result = "".join(out)
    if not uppercase_first_letter and result:
        result = result[0].lower() + result[1:]
    return result
