#!/usr/bin/python3
"""Runs one end-to-end scenario within a deadline, and leaves nothing of it running.

usage: bounded_run.py SECONDS LOG -- COMMAND [ARG...]

COMMAND runs in a session of its own (its own process group), standard input /dev/null, standard output and
error appended to LOG. This process is a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so everything COMMAND
starts stays its descendant even when a parent in between exits or a child leaves the process group (setsid,
a D-Bus-activated program, a daemon that forks): each of them is found through /proc and reaped here by its pid.

- COMMAND ends by itself: its exit status is this one's; any descendant still running (an EXIT trap that missed
  one) is named in LOG ("left running: …"), sent SIGTERM, SIGKILL 5 s later, and reaped.
- SECONDS pass first: "timed out after SECONDS s" is appended to LOG, the process group and every descendant get
  SIGTERM, then SIGKILL 5 s later, all are reaped, and the exit status is 124 (as timeout(1)).
- This process gets SIGTERM, SIGINT or SIGHUP (the runner stopped): the same, status 143.
Exits only once it has no child left.
"""
import ctypes
import os
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
GRACE = 5


class Stop(Exception):
    def __init__(self, reason, status):
        super().__init__(reason)
        self.reason, self.status = reason, status


def descendants():
    """Every process whose parent chain reaches this one, by /proc (zombies included)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
        fields = stat[stat.rindex(")") + 2:].split()
        parents[int(entry)] = int(fields[1])
    me, found = os.getpid(), []
    for pid in parents:
        seen, up = 0, parents.get(pid)
        while up is not None and up != me and up > 1 and seen < 4096:
            up, seen = parents.get(up), seen + 1
        if up == me:
            found.append(pid)
    return found


def name(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            words = f.read().split(b"\0")
        return "%d %s" % (pid, b" ".join(w for w in words if w)[:120].decode(errors="replace"))
    except OSError:
        return str(pid)


def reap(block_until=None):
    """Reaps every child that has ended; with a deadline, waits for children until it, returning early once none
    is left. Returns whether any child is left."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid != 0:
            continue
        if block_until is None or time.monotonic() >= block_until:
            return True
        time.sleep(0.05)


def living(pids):
    alive = []
    for pid in pids:
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.append(pid)
        except OSError:
            pass
    return alive


def end_everything(group, log):
    """SIGTERM to the group and every descendant, SIGKILL after the grace, then reap until no child is left."""
    try:
        os.killpg(group, signal.SIGTERM)
    except OSError:
        pass
    for pid in living(descendants()):
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    if not reap(time.monotonic() + GRACE):
        return
    for _ in range(50):
        left = living(descendants())
        try:
            os.killpg(group, signal.SIGKILL)
        except OSError:
            pass
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if not reap(time.monotonic() + 0.2) and not left:
            return
    log.write("bounded_run: could not end %s\n" % ", ".join(name(p) for p in living(descendants())))


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.exit(__doc__)
    seconds, log_path, command = int(sys.argv[1]), sys.argv[2], sys.argv[4:]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("bounded_run: prctl(PR_SET_CHILD_SUBREAPER): %s" % os.strerror(ctypes.get_errno()))
    log = open(log_path, "a", buffering=1)

    def stop(reason, status):
        def handler(signum, frame):
            raise Stop(reason, status)
        return handler
    signal.signal(signal.SIGALRM, stop("timed out after %d s" % seconds, 124))
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, stop("stopped by signal", 143))

    child = os.fork()
    if child == 0:
        try:
            os.setsid()
            null = os.open("/dev/null", os.O_RDONLY)
            os.dup2(null, 0)
            os.dup2(log.fileno(), 1)
            os.dup2(log.fileno(), 2)
            for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
                signal.signal(signum, signal.SIG_DFL)
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    signal.alarm(seconds)
    status = None
    try:
        while status is None:
            pid, wait_status = os.waitpid(-1, 0)
            if pid == child:
                status = os.waitstatus_to_exitcode(wait_status)
                status = status if status >= 0 else 128 - status
        signal.alarm(0)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)  # the cleanup below is bounded; let it finish
        # What the scenario's last commands ended may take a moment to go (dbus-run-session's bus daemon).
        settle = time.monotonic() + 3
        while living(descendants()) and time.monotonic() < settle:
            reap(time.monotonic() + 0.1)
        left = living(descendants())
        if left:
            log.write("bounded_run: left running after the scenario ended (ended now): %s\n"
                      % "; ".join(name(p) for p in left))
        end_everything(child, log)
    except Stop as stopped:
        signal.alarm(0)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)
        log.write("\nFAILED: %s (its process group and every process it started were ended)\n" % stopped.reason)
        end_everything(child, log)
        status = stopped.status
    sys.exit(status)


if __name__ == "__main__":
    main()
