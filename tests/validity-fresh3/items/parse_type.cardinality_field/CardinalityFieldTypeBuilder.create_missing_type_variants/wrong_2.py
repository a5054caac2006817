# wrong: returns the whole type dictionary (the existing converters plus the new variants)
# instead of only the missing variants.
class CardinalityFieldTypeBuilder:
    @classmethod
    def create_missing_type_variants(cls, type_names, type_dict):
        missing = [name for name in type_names if name not in type_dict]
        result = dict(type_dict)
        result.update(cls.create_type_variants(missing, type_dict))
        return result
