# wrong: looks for a cardinality character anywhere in the name, not only as its suffix.
class CardinalityField:
    @classmethod
    def matches_type(cls, type_name):
        if not type_name:
            return type_name
        return any(ch in cls.pattern_chars for ch in type_name)
