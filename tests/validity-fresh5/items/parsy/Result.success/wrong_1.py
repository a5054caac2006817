# wrong: the furthest field is set to the index as well (a success records no failure: -1).
class Result:
    @staticmethod
    def success(index, value):
        return Result(True, index, value, index, frozenset())
