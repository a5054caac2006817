# wrong: a name without a cardinality suffix gets None as its cardinality instead of
# Cardinality.one.
class CardinalityField:
    @classmethod
    def split_type(cls, type_name):
        if cls.matches_type(type_name):
            return (type_name[:-1], cls.from_char_map[type_name[-1]])
        return (type_name, None)
