# correct: a decorated inner function that fails at the index it is given, expecting the message.
def fail(expected):
    @Parser
    def failing(stream, index):
        return Result(False, -1, None, index, frozenset([expected]))

    return failing
