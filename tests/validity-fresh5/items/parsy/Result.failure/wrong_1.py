# wrong: the index goes in the index field, and the furthest failure is left at -1.
class Result:
    @staticmethod
    def failure(index, expected):
        return Result(False, index, None, -1, frozenset([expected]))
