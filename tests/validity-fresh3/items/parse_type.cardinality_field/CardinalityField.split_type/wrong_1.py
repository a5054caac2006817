# wrong: returns a list [basename, cardinality] instead of a tuple.
class CardinalityField:
    @classmethod
    def split_type(cls, type_name):
        if cls.matches_type(type_name):
            return [type_name[:-1], cls.from_char_map[type_name[-1]]]
        return [type_name, Cardinality.one]
