#!/usr/bin/python3
"""Runs a command and prints the CPU milliseconds it and every process it started spent, or 0 when it was
killed at the wall-clock limit.

usage: cpu_cost.py LIMIT_SECONDS STDOUT_FILE COMMAND [ARG...]

CPU time, not wall time: a page that freezes spins a core, and CPU time says so the same on an idle machine and
on one running twenty other scenarios, where wall time does not. Chromium's renderers are not waited for by the
browser process, so this process becomes their subreaper and waits for each; their time then counts too.
"""
import ctypes, os, resource, signal, subprocess, sys

PR_SET_CHILD_SUBREAPER = 36


def main():
    limit, out, command = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("cpu_cost: prctl(PR_SET_CHILD_SUBREAPER) failed: %s" % os.strerror(ctypes.get_errno()))
    with open(out, "w") as stdout:
        child = subprocess.Popen(command, stdout=stdout, stderr=sys.stderr, start_new_session=True)
        try:
            child.wait(timeout=limit)
            killed = False
        except subprocess.TimeoutExpired:
            killed = True
    # Whatever is left of the command (renderers orphaned to us, or everything when killed) goes now.
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    while True:
        try:
            os.wait()
        except ChildProcessError:
            break
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(0 if killed else round((usage.ru_utime + usage.ru_stime) * 1000))


main()
