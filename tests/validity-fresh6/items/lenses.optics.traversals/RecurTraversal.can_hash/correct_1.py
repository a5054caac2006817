# correct: whether hash() accepts the state (a tuple holding a list does not).
class RecurTraversal:
    @staticmethod
    def can_hash(state):
        try:
            hash(state)
        except TypeError:
            return False
        return True
