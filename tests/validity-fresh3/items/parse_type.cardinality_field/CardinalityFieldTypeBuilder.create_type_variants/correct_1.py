# correct: a new dict mapping each given type name to the variant create_type_variant builds from
# the primary converter in type_dict (names without a cardinality field raise ValueError there).
class CardinalityFieldTypeBuilder:
    @classmethod
    def create_type_variants(cls, type_names, type_dict):
        return dict((name, cls.create_type_variant(name, type_dict)) for name in type_names)
