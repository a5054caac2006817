# correct: a decorated inner function that succeeds at the index it is given, with the value.
def success(value):
    @Parser
    def succeed(stream, index):
        return Result(True, index, value, -1, frozenset())

    return succeed
