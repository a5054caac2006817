# correct: keys sorted by (transformed) value, largest first (a stable sort), the first n kept.
def nlargest(n, mapping, key=None):
    transform = key if key is not None else (lambda value: value)
    ranked = sorted(mapping, key=lambda k: transform(mapping[k]), reverse=True)
    return ranked[:n]
