# wrong: returns the final key's stored value or None (not a bool) for a path that is no limit.
class PathLimit:
    def path_is_limit(self, key_path):
        node = self.dict
        for key in key_path:
            if key not in node:
                return None
            node = node[key]
        return node.get(self.final_key)
