# wrong: a single stem is returned without the enclosing group.
def joinstem(cutpoint=0, words=None):
    stems = [word[:cutpoint] for word in (words or [])]
    if len(stems) == 1:
        return stems[0]
    return "(?:" + "|".join(stems) + ")"
