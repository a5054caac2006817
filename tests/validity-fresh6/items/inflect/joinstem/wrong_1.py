# wrong: words=None is not handled (TypeError; the docstring gives "(?:)").
def joinstem(cutpoint=0, words=None):
    return "(?:" + "|".join(word[:cutpoint] for word in words) + ")"
