# wrong: the parser raises ParseError when run instead of returning a failed Result.
def fail(expected):
    def failing(stream, index):
        raise ParseError(frozenset([expected]), stream, index)

    return Parser(failing)
