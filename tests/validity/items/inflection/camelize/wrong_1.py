# wrong: str.capitalize() lower-cases the rest of every part, so "DeviceType" becomes "Devicetype".
def camelize(string: str, uppercase_first_letter: bool = True) -> str:
    joined = "".join(part.capitalize() for part in string.split("_"))
    if uppercase_first_letter:
        return joined
    return joined[:1].lower() + joined[1:]
