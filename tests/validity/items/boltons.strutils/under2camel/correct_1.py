# correct: capitalises each underscore-separated part and joins them; empty parts dropped.
def under2camel(under_string):
    return "".join(part.capitalize() for part in under_string.split("_") if part)
