# wrong: does not skip the names type_dict already has; every name gets a new variant.
class CardinalityFieldTypeBuilder:
    @classmethod
    def create_missing_type_variants(cls, type_names, type_dict):
        return cls.create_type_variants(list(type_names), type_dict)
