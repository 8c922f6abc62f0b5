#!/usr/bin/python3
"""Reads and drives the daily-dose window through AT-SPI, as a screen reader or a keyboard user would.

usage: atspi_driver.py COMMAND [ARG...]
  dump                      every visible node of the app: "role<TAB>name<TAB>description", one a line
  card                      the card: its heading (kind and day) and an item's own title (its labels), then
                            the page's text (the web view's description), one a line
  wait-card TITLE [SECONDS] waits until the card shows the dose titled TITLE (`dose calendar`'s title: the
                            title line, or for a dose without one the start of the page's text)
  wait NAME [SECONDS]       waits until a node named NAME shows (exit 1 on timeout)
  gone NAME [SECONDS]       waits until no node named NAME shows
  click NAME [ROLE]         runs the "click"/"activate"/"toggle" action of the first node named NAME (of ROLE)
                            that has one
  text NAME                 the text of the first editable node named NAME
  set-text NAME TEXT        replaces the text of the editable inside the node named NAME
  windows                   the app's top-level windows' names
  focused                   the role and name of the node that has the keyboard focus
  extents NAME [ROLE]       "x y width height" of the first showing node named NAME (of ROLE), in its
                            window's coordinates (GTK 4 reports no screen coordinates)
Run with /usr/bin/python3 (pyatspi). The app is found by name "daily-dose" (GTK's program name); the card
by its web view's accessible name, "Dose", or $DOSE_CARD_NAME for an app in another language ("Dosis").
$DOSE_ATSPI_APP names another program to read instead (a notification server: "lxqt-notificationd");
$DOSE_ATSPI_WINDOW reads one top-level window of it only ("Preferences").
"""
import os, sys, time
import pyatspi

APP = os.environ.get("DOSE_ATSPI_APP", "daily-dose")
CARD = os.environ.get("DOSE_CARD_NAME", "Dose")
WINDOW = os.environ.get("DOSE_ATSPI_WINDOW", "")


def app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        child = desktop.getChildAtIndex(i)
        if child is not None and child.name == APP:
            return child
    return None


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    yield node
    for i in range(node.childCount):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1)


def showing(node):
    # GTK 4.8 sets VISIBLE, not SHOWING, on a window's widgets; hidden widgets are absent altogether.
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def nodes():
    root = app()
    if root is None:
        return []
    if WINDOW:
        # One window's tree only: a walk of the main window too takes seconds on a loaded machine, longer than a
        # toast in the preferences lives.
        windows = [root.getChildAtIndex(i) for i in range(root.childCount)]
        root = next((w for w in windows if attribute(w, lambda n: n.name) == WINDOW), None)
        if root is None:
            return []
    return [n for n in walk(root) if showing(n) or n.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_APPLICATION)]


def find(name):
    """The first node named NAME; else the first described so (an icon-only button GTK names "GtkImage"
    carries its tooltip as description, as libadwaita's own Apply button does)."""
    found = nodes()
    for node in found:
        if attribute(node, lambda n: n.name) == name:
            return node
    for node in found:
        if attribute(node, lambda n: n.description) == name and attribute(node, lambda n: n.getRoleName()) == "push button":
            return node
    return None


def attribute(node, read):
    """What READ gives of NODE, or None for a node gone while walking (a toast that timed out: "The application
    no longer exists")."""
    try:
        return read(node)
    except Exception:
        return None


def find_actionable(name, role=None):
    """The first node named NAME (and of ROLE, when given) that has an action (a row's switch is named by the
    row's title too); else `find`'s answer."""
    for node in nodes():
        try:
            if node.name != name or (role is not None and node.getRoleName() != role):
                continue
            if node.queryAction().nActions > 0:
                return node
        except Exception:
            continue  # no Action interface, or gone while walking (a toast that timed out)
    return find(name)


def card():
    """The card's lines: the labels next to the web view (named CARD), then the view's description."""
    for node in nodes():
        if node.name == CARD and node.getRoleName() == "filler":
            # The labels are in the card's column, the view's parent or (the view in a box of its own) above it.
            parent = node.parent
            for _ in range(3):
                children = [parent.getChildAtIndex(i) for i in range(parent.childCount)]
                lines = [c.name for c in children if c.getRoleName() == "label" and showing(c)]
                if lines or parent.parent is None:
                    break
                parent = parent.parent
            return lines + [node.description or ""]
    return None


def card_shows(title):
    """Whether the card shows the dose TITLE names (`dose calendar`'s title): its title line below the heading;
    or, for a dose without a title of its own, whose page is the one rendering of its text (no title line),
    the page's text beginning as TITLE does (`dose calendar` cuts a long text at a word, with "…")."""
    lines = card()
    if not lines:
        return False
    labels, text = lines[:-1], lines[-1]
    if title in labels[1:]:
        return True
    start = " ".join(title.split())
    start = start[:-1] if start.endswith("\u2026") else start
    return len(labels) == 1 and bool(start) and " ".join(text.split()).startswith(start)


def found_within(look, seconds=10):
    """The first answer of LOOK that is not None, looked for again every 0.2 s until SECONDS pass; None then. A
    one-shot lookup is not enough: a walk on a loaded machine can miss a whole window for a moment (run 9 here, two
    `make test`s side by side: the Preferences window's row was found by a wait, then absent from the dump and the
    click within the same second)."""
    deadline = time.time() + seconds
    while True:
        try:
            found = look()
            if found is not None:
                return found
        except Exception:
            pass
        if time.time() >= deadline:
            return None
        time.sleep(0.2)


def wait_until(predicate, seconds):
    return found_within(lambda: True if predicate() else None, seconds) is not None


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "dump":
        for node in nodes():
            try:
                print("%s\t%s\t%s" % (node.getRoleName(), node.name, (node.description or "").replace("\n", "\\n")))
            except Exception:
                continue  # a node gone while walking (a toast that timed out)
    elif command == "card":
        lines = card()
        if lines is None:
            sys.exit("no card")
        print("\n".join(lines))
    elif command == "wait-card":
        seconds = float(args[1]) if len(args) > 1 else 20
        if not wait_until(lambda: card_shows(args[0]), seconds):
            lines = card() or [""]
            sys.exit("the card shows %r, not %r, after %s s" % (lines[:-1] + [lines[-1][:80]], args[0], seconds))
    elif command == "wait":
        seconds = float(args[1]) if len(args) > 1 else 20
        if not wait_until(lambda: find(args[0]) is not None, seconds):
            sys.exit("no node named %r showed within %s s" % (args[0], seconds))
    elif command == "gone":
        seconds = float(args[1]) if len(args) > 1 else 20
        if not wait_until(lambda: find(args[0]) is None, seconds):
            sys.exit("a node named %r still shows after %s s" % (args[0], seconds))
    elif command == "click":
        node = found_within(lambda: find_actionable(args[0], args[1] if len(args) > 1 else None))
        if node is None:
            sys.exit("no node named %r" % args[0])
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        index = next((i for i, n in enumerate(names) if n in ("click", "activate", "press", "toggle")), 0)
        action.doAction(index)
    elif command == "text":
        node = found_within(lambda: find(args[0]))
        if node is None:
            sys.exit("no node named %r" % args[0])
        text = node.queryText()
        print(text.getText(0, text.characterCount))
    elif command == "set-text":
        node = found_within(lambda: find(args[0]))
        if node is None:
            sys.exit("no node named %r" % args[0])
        for candidate in walk(node):
            try:
                editable = candidate.queryEditableText()
            except NotImplementedError:
                continue
            editable.setTextContents(args[1])
            return
        sys.exit("nothing editable inside %r" % args[0])
    elif command == "focused":
        for node in walk(app()):
            try:
                if node.getState().contains(pyatspi.STATE_FOCUSED):
                    print("%s\t%s" % (node.getRoleName(), node.name))
                    return
            except Exception:
                continue
        sys.exit("nothing has the focus")
    elif command == "extents":
        role = args[1] if len(args) > 1 else None
        node = next((n for n in nodes() if n.name == args[0] and (role is None or n.getRoleName() == role)), None)
        if node is None:
            sys.exit("no node named %r" % args[0])
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        print("%d %d %d %d" % (box.x, box.y, box.width, box.height))
    elif command == "windows":
        root = app()
        for i in range(root.childCount if root else 0):
            print(root.getChildAtIndex(i).name)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
