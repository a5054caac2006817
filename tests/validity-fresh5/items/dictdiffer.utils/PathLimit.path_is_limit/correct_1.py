# correct: walks the nested dict with .get and checks the final key at the end.
class PathLimit:
    def path_is_limit(self, key_path):
        node = self.dict
        for key in key_path:
            if not isinstance(node, dict) or key not in node:
                return False
            node = node[key]
        return bool(node.get(self.final_key, False))
