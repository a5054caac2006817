# correct: builds a variant only for each name that type_dict does not already hold, into a new dict.
class CardinalityFieldTypeBuilder:
    @classmethod
    def create_missing_type_variants(cls, type_names, type_dict):
        created = {}
        for name in type_names:
            if name in type_dict:
                continue
            created[name] = cls.create_type_variant(name, type_dict)
        return created
