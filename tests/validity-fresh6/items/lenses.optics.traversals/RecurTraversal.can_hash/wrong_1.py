# wrong: asks the Hashable ABC, which says True for a tuple holding a list.
class RecurTraversal:
    @staticmethod
    def can_hash(state):
        import collections.abc

        return isinstance(state, collections.abc.Hashable)
