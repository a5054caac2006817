# wrong: an underscore before every capital, so "IOError" becomes "i_o_error" (the docstring
# says camelize(underscore("IOError")) is "IoError").
def underscore(word: str) -> str:
    out = []
    for i, ch in enumerate(word):
        if ch.isupper() and i > 0:
            out.append("_")
        out.append(ch)
    return "".join(out).replace("-", "_").lower()
