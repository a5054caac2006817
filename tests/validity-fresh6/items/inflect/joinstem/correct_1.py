# correct: each word sliced up to the cutpoint (None keeps it whole), joined with "|" inside a non-capturing group; no words give "(?:)".
def joinstem(cutpoint=0, words=None):
    stems = []
    for word in list(words) if words is not None else []:
        stems.append(word[slice(None, cutpoint)])
    return "(?:" + "|".join(stems) + ")"
