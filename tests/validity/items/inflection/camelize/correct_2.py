# correct: splits on underscores and upper-cases the first letter of each part (the rest of the
# part is left as it is).
def camelize(string: str, uppercase_first_letter: bool = True) -> str:
    parts = string.split("_")
    joined = "".join(part[:1].upper() + part[1:] for part in parts)
    if uppercase_first_letter:
        return joined
    return joined[:1].lower() + joined[1:]
