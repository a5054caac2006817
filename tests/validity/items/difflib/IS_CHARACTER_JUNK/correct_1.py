# correct: compares the character with each junk character in turn.
def IS_CHARACTER_JUNK(ch, ws=" \t"):
    return any(ch == w for w in ws)
