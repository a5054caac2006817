# wrong: the failure is reported at the start of the stream, not at the index it was tried at.
def fail(expected):
    return Parser(lambda stream, index: Result.failure(0, expected))
