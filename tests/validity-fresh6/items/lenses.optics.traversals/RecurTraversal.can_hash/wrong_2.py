# wrong: a fixed list of hashable built-in types (bytes, frozenset members and user objects missed; a tuple of lists passed).
class RecurTraversal:
    @staticmethod
    def can_hash(state):
        return isinstance(state, (int, float, str, tuple, type(None)))
