# wrong: ignores `uppercase_first_letter`.
def camelize(string: str, uppercase_first_letter: bool = True) -> str:
    return re.sub(r"(?:^|_)(.)", lambda m: m.group(1).upper(), string)
