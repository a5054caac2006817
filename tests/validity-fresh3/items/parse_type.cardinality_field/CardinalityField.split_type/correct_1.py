# correct: a name ending in one of "?*+" is cut before that character and the character mapped to
# its Cardinality; any other name is its own basename with Cardinality.one.
class CardinalityField:
    @classmethod
    def split_type(cls, type_name):
        suffix = type_name[-1:]
        if suffix and suffix in cls.from_char_map:
            return (type_name[:-1], cls.from_char_map[suffix])
        return (type_name, Cardinality.one)
