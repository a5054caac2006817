# correct: one pass over the characters with a lookup table.
def escape(s, quote=True):
    table = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
    if quote:
        table['"'] = "&quot;"
        table["'"] = "&#x27;"
    return "".join(table.get(ch, ch) for ch in s)
