# correct: true when the last character is one of the cardinality suffixes "?*+"; an empty name
# is returned as it is (falsy), as "a bool or a str" allows.
class CardinalityField:
    @classmethod
    def matches_type(cls, type_name):
        if not type_name:
            return type_name
        return type_name.endswith(tuple(cls.pattern_chars))
