# wrong: the value and the index are put in each other's fields.
class Result:
    @staticmethod
    def success(index, value):
        return Result(True, value, index, -1, frozenset())
