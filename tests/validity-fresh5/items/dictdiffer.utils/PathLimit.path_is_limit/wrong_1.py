# wrong: any path the limits pass through counts (a prefix of a limit is taken for a limit).
class PathLimit:
    def path_is_limit(self, key_path):
        node = self.dict
        for key in key_path:
            if key not in node:
                return False
            node = node[key]
        return True
