# wrong: follows the path with plain indexing, so a decimal string segment ("0") into a list is
# not found.
def has(obj, segments):
    current = obj
    for segment in segments:
        try:
            current = current[segment]
        except (KeyError, IndexError, TypeError):
            return False
    return True
