# correct: a character scanner: an underscore goes before an upper-case ASCII letter that follows a
# lower-case letter or digit, or that starts a word after an acronym (next letter lower-case);
# dashes become underscores.
def underscore(word: str) -> str:
    def up(c):
        return "A" <= c <= "Z"
    def low_or_digit(c):
        return "a" <= c <= "z" or "0" <= c <= "9"
    out = []
    for i, ch in enumerate(word):
        prev = word[i - 1] if i > 0 else ""
        nxt = word[i + 1] if i + 1 < len(word) else ""
        if up(ch) and prev and (low_or_digit(prev) or (up(prev) and "a" <= nxt <= "z")):
            out.append("_")
        out.append(ch)
    return "".join(out).replace("-", "_").lower()
