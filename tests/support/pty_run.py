#!/usr/bin/python3
"""Runs a command on a pseudo-terminal of a given width, as a person at a terminal would.

usage: pty_run.py COLUMNS ACTION COMMAND [ARG...]
ACTION: "enter" (press Enter once PROMPT shows), "eof" (Ctrl-D once it shows), "none" (type nothing).
Prints everything the command wrote to the terminal (CR LF turned to LF), then exits with the
command's status; after 20 s the command is killed and the status is 124.
"""
import fcntl, os, pty, select, signal, struct, sys, termios, time

PROMPT = b"Press Enter for the answer"


def main():
    columns, action, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        os.execv(command[0], command)
    output = b""
    answered = False
    deadline = time.monotonic() + 20
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            sys.stdout.write(output.decode("utf-8", "replace").replace("\r\n", "\n"))
            sys.exit(124)
        ready, _, _ = select.select([master], [], [], remaining)
        if not ready:
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
        if not answered and PROMPT in output and action != "none":
            answered = True
            os.write(master, b"\n" if action == "enter" else b"\x04")
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(output.decode("utf-8", "replace").replace("\r\n", "\n"))
    sys.exit(os.waitstatus_to_exitcode(status))


main()
