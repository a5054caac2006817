# wrong: ranks the keys themselves instead of the values they map to.
def nlargest(n, mapping, key=None):
    return sorted(mapping, key=key, reverse=True)[:n]
