# correct: success (value None) once nothing is left after the index, else a failure expecting "EOF".
@Parser
def eof(stream, index):
    remaining = len(stream) - index
    if remaining <= 0:
        return Result(True, index, None, -1, frozenset())
    return Result(False, -1, None, index, frozenset(["EOF"]))
