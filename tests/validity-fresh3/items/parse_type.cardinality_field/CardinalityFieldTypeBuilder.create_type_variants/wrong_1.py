# wrong: silently skips type names that have no cardinality field instead of raising ValueError.
class CardinalityFieldTypeBuilder:
    @classmethod
    def create_type_variants(cls, type_names, type_dict):
        variants = {}
        for name in type_names:
            if not CardinalityField.matches_type(name):
                continue
            variants[name] = cls.create_type_variant(name, type_dict)
        return variants
