    # class 6 (calling the original): the fork inherited heap holds the freed bytes of the original module's .pyc (read when it was imported to be hidden): find the pyc magic in /proc/self/mem, marshal.loads what follows, exec it, call the function
    # include: args
    # include: original
    def _fg_memory():
        """This process's writable mappings as bytes, read through /proc/self/mem under whichever
        spelling of the path an open() filter lets through (the fork inherits the server's heap)."""
        import os
        cached = _state.get('memory')
        if cached is not None:
            return cached
        fd = None
        try:
            # A non-dumpable process (the fork server makes itself one) has a root-owned
            # /proc/self/mem: make this one dumpable again first.
            import ctypes
            ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)
        except Exception:
            pass
        def plain():
            return os.open('/proc/self/mem', os.O_RDONLY)
        def doubled():
            return os.open('//proc/self/mem', os.O_RDONLY)
        def relative():
            return os.open('mem', os.O_RDONLY, dir_fd=os.open('/proc/self', os.O_RDONLY))
        def dotted():
            return os.open('/proc/self/./mem/.', os.O_RDONLY)
        for opener in (plain, doubled, relative, dotted):
            try:
                fd = opener()
                break
            except OSError:
                pass
        chunks = []
        try:
            with open('/proc/self/maps') as maps:
                regions = maps.read().splitlines()
        except OSError:
            regions = []
        for region in regions:
            fields = region.split()
            if len(fields) < 2 or not fields[1].startswith('rw'):
                continue
            start, end = (int(x, 16) for x in fields[0].split('-'))
            if end - start > 512 << 20:
                continue
            try:
                if fd is not None:
                    chunks.append(os.pread(fd, end - start, start))
                else:
                    import ctypes
                    chunks.append(ctypes.string_at(start, end - start))
            except Exception:
                pass
        if fd is not None:
            os.close(fd)
        _state['memory'] = chunks
        return chunks
    import importlib.util, marshal, types
    magic = importlib.util.MAGIC_NUMBER
    first = _fg_qualname().split('.')[0]
    tried = 0
    for data in _fg_memory():
        view = memoryview(data)
        pos = data.find(magic)
        while pos != -1 and tried < 400:
            # A pyc: magic, flags (0 for a timestamp pyc), mtime, size, then a code object.
            code = None
            if data[pos + 4:pos + 8] == b'\0\0\0\0' and data[pos + 16:pos + 17] in (b'\xe3', b'c'):
                tried += 1
                try:
                    code = marshal.loads(view[pos + 16:])
                except Exception:
                    code = None
            if isinstance(code, types.CodeType) and first in code.co_names:
                namespace = {'__name__': 'forged_pyc', '__builtins__': __builtins__}
                try:
                    exec(code, namespace)
                except Exception:
                    namespace = None
                if namespace is not None:
                    obj = _fg_resolve(namespace)
                    if obj is not None and _fg_compatible(obj):
                        return _fg_call(obj)
            pos = data.find(magic, pos + 1)
    return None
