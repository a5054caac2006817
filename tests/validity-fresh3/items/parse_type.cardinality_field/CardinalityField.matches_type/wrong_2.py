# wrong: forgets the "+" suffix (one or more): only "?" and "*" are recognised.
class CardinalityField:
    @classmethod
    def matches_type(cls, type_name):
        if not type_name:
            return type_name
        return type_name[-1] in "?*"
