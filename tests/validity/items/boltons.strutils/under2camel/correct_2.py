# correct: a regular expression upper-cases a letter at the start or after underscores and
# removes those underscores.
import re


def under2camel(under_string):
    return re.sub(r"(?:^|_+)([a-zA-Z0-9])", lambda m: m.group(1).upper(), under_string)
