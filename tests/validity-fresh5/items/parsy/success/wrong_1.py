# wrong: consumes one item of the stream (the next index is index + 1).
def success(value):
    return Parser(lambda stream, index: Result.success(index + 1, value))
