# correct: set membership.
def IS_CHARACTER_JUNK(ch, ws=" \t"):
    return ch in set(ws)
