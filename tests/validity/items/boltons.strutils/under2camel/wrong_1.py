# wrong: lowerCamelCase ('complexTokenizer'), but the docstring's class names start upper-case.
def under2camel(under_string):
    parts = under_string.split("_")
    return parts[0].lower() + "".join(p.capitalize() for p in parts[1:])
