# wrong: keeps the separators as spaces ('Complex Tokenizer').
def under2camel(under_string):
    return under_string.replace("_", " ").title()
