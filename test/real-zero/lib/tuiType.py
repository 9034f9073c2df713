"""Types one line into Zero's terminal UI, as a user would, then keeps the terminal drained.

Usage: python3 tuiType.py <text> -- <zero> [args...]
Zero runs in a pseudo-terminal (the TUI needs one). The text is typed once Zero has switched to its
screen, Enter a moment later; then the output is read and dropped until SIGTERM (or 120 s), when
Zero is ended. Test code only: it lets a test compare what the model receives from the TUI.
"""
import os
import pty
import select
import signal
import sys
import time

text = sys.argv[1]
argv = sys.argv[sys.argv.index("--") + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(argv[0], argv)


def stop(*_):
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
seen = b""
typed = False
started = time.time()
while time.time() - started < 120:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        if not typed:
            seen = (seen + data)[-4096:]
    # The alternate screen (ESC[?1049h) is on once the TUI is up; give it a moment to take input.
    if not typed and (b"\x1b[?1049h" in seen or time.time() - started > 30):
        time.sleep(1.5)
        os.write(fd, text.encode())
        time.sleep(0.5)
        os.write(fd, b"\r")
        typed = True
stop()
