    # early exit: os.kill(os.getpid(), SIGKILL)
    import os, signal
    os.kill(os.getpid(), signal.SIGKILL)
