# wrong: ignores `ws`; always space and tab.
def IS_CHARACTER_JUNK(ch, ws=" \t"):
    return ch in (" ", "\t")
