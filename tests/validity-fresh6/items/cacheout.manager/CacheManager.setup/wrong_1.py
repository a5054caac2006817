# wrong: the caches configured before are kept (the docstring says all are destroyed and replaced).
class CacheManager:
    def setup(self, settings=None):
        if not hasattr(self, "_caches"):
            self._caches = {}
        if settings is not None and not isinstance(settings, dict):
            raise TypeError("settings must be a dict")
        for name in list(settings or {}):
            self.configure(name, **settings[name])
