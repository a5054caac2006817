# correct: a successful Result at the index, with the value, no failure recorded.
class Result:
    @staticmethod
    def success(index, value):
        return Result(status=True, index=index, value=value, furthest=-1, expected=frozenset())
