# correct: a failed Result: no index or value, the failure's index as the furthest, one expected message.
class Result:
    @staticmethod
    def failure(index, expected):
        return Result(status=False, index=-1, value=None, furthest=index, expected=frozenset({expected}))
