# wrong: only an index past the end counts; exactly at the end it fails (off by one).
@Parser
def eof(stream, index):
    if index > len(stream):
        return Result.success(index, None)
    return Result.failure(index, "EOF")
