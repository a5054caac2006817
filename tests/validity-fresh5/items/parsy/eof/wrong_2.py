# wrong: succeeds when the stream is empty from the start, ignoring the index.
@Parser
def eof(stream, index):
    if not stream:
        return Result.success(index, None)
    return Result.failure(index, "EOF")
