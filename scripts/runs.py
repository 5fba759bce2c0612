"""Child processes of the project's Python scripts (scripts/mutants, with
--generate too): each run in a process group of its own, so that a signal
that stops the script stops the runs under way, and everything they
started, with it; without this they would run on to their end (minutes for
a mutant's check set), and a terminal's Ctrl-C would not reach them."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile

# The runs under way. Set operations are atomic under the interpreter's
# lock, so the pool's threads and the signal handler share it as it is.
RUNNING = set()
# Scratch folders in use, removed when a signal stops the script too.
SCRATCH = set()


def kill_group(p):
    """Kills run P and every process it started."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run(cmd, env=None, cwd=None, timeout=None):
    """Runs cmd, its output and errors together; returns (exit status,
    output), or (None, the output so far) on a timeout, the run and its
    children killed."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, start_new_session=True)
    RUNNING.add(p)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(p)
        out, _ = p.communicate()
        return None, out or ""
    finally:
        RUNNING.discard(p)
    return p.returncode, out


def scratch_dir(prefix):
    """A new scratch folder (tempfile.mkdtemp), removed by remove_scratch or
    when a signal stops the script."""
    d = tempfile.mkdtemp(prefix=prefix)
    SCRATCH.add(d)
    return d


def remove_scratch(d):
    SCRATCH.discard(d)
    shutil.rmtree(d, ignore_errors=True)


def stop_on_signal(prog, note):
    """SIGINT, SIGTERM or SIGHUP stop the runs under way with the script
    and remove its scratch folders; it says so (PROG: its name; NOTE: what
    is kept) and exits with 128 + the signal's number."""
    def stop(signum, _frame):
        under_way = list(RUNNING)
        for p in under_way:
            kill_group(p)
        for d in list(SCRATCH):
            shutil.rmtree(d, ignore_errors=True)
        print(f"{prog}: stopped by {signal.Signals(signum).name}, with the {len(under_way)} "
              f"runs under way; {note}", file=sys.stderr, flush=True)
        # Not sys.exit: a pool's threads would be waited for.
        os._exit(128 + signum)
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, stop)
