# correct: split on runs of white space (which also drops it at both ends) and join with one space.
def normalize_space(item):
    return ' '.join(item.split())
