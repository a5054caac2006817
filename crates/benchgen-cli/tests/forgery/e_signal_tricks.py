    # early exit: signal tricks: every catchable signal ignored, SIGALRM/SIGUSR1 handlers that os._exit(0), signal.raise_signal, setitimer, then a SIGTERM to itself
    import os, signal
    for sig in range(1, signal.NSIG):
        try:
            signal.signal(sig, signal.SIG_IGN)
        except (OSError, ValueError, RuntimeError):
            pass
    def leave(*args):
        os._exit(0)
    signal.signal(signal.SIGALRM, leave)
    signal.signal(signal.SIGUSR1, leave)
    signal.setitimer(signal.ITIMER_REAL, 0.001)
    try:
        signal.raise_signal(signal.SIGUSR1)
    except Exception:
        pass
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)
    return None
