# wrong: also adds the new variants to the caller's type_dict (the argument is changed).
class CardinalityFieldTypeBuilder:
    @classmethod
    def create_type_variants(cls, type_names, type_dict):
        variants = {}
        for name in type_names:
            variants[name] = cls.create_type_variant(name, type_dict)
        type_dict.update(variants)
        return variants
