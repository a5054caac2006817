# wrong: the expected message is turned into a set of its characters (frozenset(expected)).
class Result:
    @staticmethod
    def failure(index, expected):
        return Result(False, -1, None, index, frozenset(expected))
