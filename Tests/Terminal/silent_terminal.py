#!/usr/bin/env python3
"""Runs a program on a terminal that never answers a cursor position request (ESC[6n), as some
serial consoles and old terminals do, and says how long the program took to draw a given text.

    silent_terminal.py MARKER PROGRAM [ARGUMENTS...]

Prints one line: `asked_ms=… drawn_ms=… wait_ms=…`, the milliseconds from the start to the first
ESC[6n, from the start to MARKER, and between the two (what the unanswered question cost), then
`hidden=yes|no` (whether the screen says emoji are hidden). Exits 1 if MARKER is not drawn within
10 s. Everything the program writes is read and never answered; the program is ended with SIGTERM.
"""
import os
import pty
import select
import signal
import sys
import time

marker = sys.argv[1].encode()
program = sys.argv[2:]
start = time.monotonic()
pid, fd = pty.fork()
if pid == 0:
    os.execvp(program[0], program)

screen = b""
asked = drawn = None
while time.monotonic() - start < 10:
    ready, _, _ = select.select([fd], [], [], 0.05)
    if not ready:
        continue
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    screen += chunk
    now = time.monotonic()
    if asked is None and b"\x1b[6n" in screen:
        asked = now
    if marker in screen:
        drawn = now
        # The footer comes last in a frame: read what is already there before judging it.
        time.sleep(0.2)
        while select.select([fd], [], [], 0)[0]:
            try:
                screen += os.read(fd, 65536)
            except OSError:
                break
        break

os.kill(pid, signal.SIGTERM)
os.waitpid(pid, 0)
if drawn is None:
    print(f"never drew {marker.decode()!r}; asked={asked is not None}")
    sys.exit(1)
def ms(t):
    return "none" if t is None else f"{(t - start) * 1000:.1f}"
wait = "none" if asked is None else f"{(drawn - asked) * 1000:.1f}"
print(f"asked_ms={ms(asked)} drawn_ms={ms(drawn)} wait_ms={wait}")
print("hidden=" + ("yes" if b"cannot draw them" in screen else "no"))
