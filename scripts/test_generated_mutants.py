"""Unit tests of scripts/generated_mutants.py and scripts/runs.py (scripts/test
runs them): the journal (what a run cut short leaves must be read back, and
anything else refused with the file and the line named), --skip-read,
mutant 0 beside the others, and a run stopped by a signal stopping its
mutants' runs with it."""
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from contextlib import redirect_stderr, redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generated_mutants as gm  # noqa: E402


def verdict(k, killed_by="machine"):
    return json.dumps({"mutant": k, "killed_by": killed_by, "seconds": 1.0})


class Journal(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "journal-a-b.jsonl")

    def tearDown(self):
        self.dir.cleanup()

    def write(self, text):
        with open(self.path, "w") as f:
            f.write(text)

    def refused(self, n=10):
        err = io.StringIO()
        with redirect_stderr(err), self.assertRaises(SystemExit) as e:
            gm.journaled(self.path, n)
        self.assertEqual(e.exception.code, 2)
        return err.getvalue()

    def test_no_journal_is_no_verdict(self):
        self.assertEqual(gm.journaled(self.path, 10), {})

    def test_verdicts_read_back_by_mutant(self):
        self.write(verdict(3) + "\n" + verdict(7, None) + "\n")
        got = gm.journaled(self.path, 10)
        self.assertEqual(sorted(got), [3, 7])
        self.assertIsNone(got[7]["killed_by"])
        self.assertEqual(got[3]["killed_by"], "machine")

    def test_a_last_line_cut_short_is_left_out(self):
        self.write(verdict(3) + "\n" + verdict(4)[:12])
        self.assertEqual(sorted(gm.journaled(self.path, 10)), [3])

    def test_a_bad_line_before_the_last_names_the_file_and_line(self):
        self.write(verdict(3) + "\nnot json\n" + verdict(4) + "\n")
        msg = self.refused()
        self.assertIn("journal-a-b.jsonl:2", msg)
        self.assertIn("remove the file", msg)

    def test_a_mutant_outside_the_run_is_refused(self):
        self.write(verdict(3) + "\n" + verdict(11) + "\n")
        self.assertIn("journal-a-b.jsonl:2: not a verdict of mutants 1 … 10", self.refused())

    def test_a_line_without_a_verdict_is_refused(self):
        self.write(json.dumps({"mutant": 2}) + "\n")
        self.assertIn(":1: not a verdict", self.refused())

    def test_a_kept_journal_is_read_beside_the_run_s_own(self):
        kept = os.path.join(self.dir.name, "kept")
        os.mkdir(kept)
        with open(os.path.join(kept, "journal-a-b.jsonl"), "w") as f:
            f.write(verdict(1) + "\n" + verdict(2, None) + "\n")
        with open(os.path.join(kept, "journal-a-c.jsonl"), "w") as f:
            f.write(verdict(4) + "\n")
        self.write(verdict(2) + "\n" + verdict(3) + "\n")
        got = gm.earlier_verdicts(self.path, kept, 10)
        self.assertEqual(sorted(got), [1, 2, 3])
        self.assertEqual(got[2]["killed_by"], "machine")
        # The run's own journal now holds the kept verdict it lacked.
        self.assertEqual(sorted(gm.journaled(self.path, 10)), [1, 2, 3])
        os.remove(self.path)
        self.assertEqual(sorted(gm.earlier_verdicts(self.path, kept, 10)), [1, 2])
        self.assertEqual(sorted(gm.journaled(self.path, 10)), [1, 2])

    def test_the_journal_is_named_by_both_files(self):
        a = os.path.join(self.dir.name, "a")
        b = os.path.join(self.dir.name, "b")
        for p, text in ((a, "design"), (b, "binary")):
            with open(p, "w") as f:
                f.write(text)
        first = gm.journal_path(a, b)
        with open(b, "w") as f:
            f.write("another binary")
        self.assertNotEqual(first, gm.journal_path(a, b))
        self.assertRegex(os.path.basename(first), r"^journal-[0-9a-f]{12}-[0-9a-f]{12}\.jsonl$")


class SkipRead(unittest.TestCase):
    """--skip-read: a survivor read as equivalent is not run again, and the
    report counts it as equivalent and not run, never as killed or as run."""

    MUTS = [{"id": k, "mode": "inv", "cell": f"$c{k}", "port": "Y", "portbit": 0,
             "rtl_module": "m.v", "line": f"rtl/m.v:{k}"} for k in (1, 2, 3, 4)]
    REASONS = {"-mode inv -cell $c2 -port Y -portbit 0": {"verdict": "equivalent", "reason": "r2"},
               "-mode inv -cell $c3 -port Y -portbit 0": {"verdict": "gap", "reason": "r3"}}

    def report(self, verdicts, triage):
        """The report's summary and text of VERDICTS (a run of 60 s, two at
        a time), with REASONS as the survivors read."""
        args = type("Args", (), {"generate": 4, "seed": 1, "triage": triage})()
        with tempfile.TemporaryDirectory() as out:
            saved = gm.OUT, gm.looked_at
            gm.OUT, gm.looked_at = out, lambda: self.REASONS
            try:
                s = gm.report(self.MUTS, verdicts, 60.0, args, 2)
            finally:
                gm.OUT, gm.looked_at = saved
            with open(os.path.join(out, "report.md")) as f:
                return s, f.read()

    def test_only_the_equivalent_ones_are_skipped(self):
        by_id = {m["id"]: m for m in self.MUTS}
        self.assertEqual(gm.read_equivalent([1, 2, 3, 4], by_id, self.REASONS), [2])
        self.assertEqual(gm.read_equivalent([1, 3, 4], by_id, self.REASONS), [])

    def test_the_report_counts_them_as_equivalent_and_not_run(self):
        verdicts = [{"mutant": 1, "killed_by": "machine", "seconds": 2.0, "resumed": True},
                    {"mutant": 2, "killed_by": None, "seconds": 0.0, "not_run": True},
                    {"mutant": 3, "killed_by": None, "seconds": 9.0},
                    {"mutant": 4, "killed_by": None, "seconds": 9.0}]
        s, md = self.report(verdicts, triage=0)
        self.assertEqual((s["killed"], s["equivalent"], s["not_run_read"]), (1, 1, 1))
        self.assertEqual(s["kill_rate"], round(1 / 3, 4))
        # By the runs' own times (2 + 9 + 9 s, two at a time), not the 60 s the
        # whole run took, which a resumed run or its proofs would distort.
        self.assertEqual(s["mutants_a_minute"], 18.0)
        self.assertIn("3 judged of 4 sampled (seed 1), 2 run now and 1 taken from the journal", md)
        self.assertIn("2 survived", md)
        self.assertIn("1 equivalent by a reason not run again (--skip-read)", md)
        self.assertIn("not run (--skip-read) | r2 |", md)

    def test_a_gap_by_reading_outweighs_a_bounded_proof(self):
        # Mutant 3 is read as a gap; a proof of a few cycles saw no change.
        verdicts = [{"mutant": 1, "killed_by": "machine", "seconds": 2.0},
                    {"mutant": 3, "killed_by": None, "seconds": 9.0, "triage": "EQUIVALENT",
                     "why": "no state shows it within 3 cycles"}]
        s, _ = self.report(verdicts, triage=3)
        self.assertEqual((s["killed"], s["equivalent"], s["kill_rate"]), (1, 0, 0.5))


# A stand-in for `generals mutant K --mismatch-dir D`: mutant 0 passes after
# a pause (so the others are judged first) unless FAKE_BASE_FAILS is set;
# mutant 7's run is killed by a signal, with no output; every other mutant
# is killed at once.
FAKE_BENCH = """#!/bin/sh
k=$2
if [ "$k" = 7 ]; then
    kill -9 $$
elif [ "$k" = 0 ]; then
    sleep 0.5
    if [ -n "$FAKE_BASE_FAILS" ]; then
        echo '{"mutant": 0, "killed_by": "machine", "detail": "broken", "seconds": 0.5}'
    else
        echo '{"mutant": 0, "killed_by": null, "seconds": 0.5}'
    fi
else
    echo "{\\"mutant\\": $k, \\"killed_by\\": \\"machine\\", \\"seconds\\": 0.0}"
fi
"""


class MutantZeroBeside(unittest.TestCase):
    """Mutant 0 runs beside the others; their verdicts reach the journal only
    once it has passed, and none do if it fails."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.bench = os.path.join(self.dir.name, "generals")
        with open(self.bench, "w") as f:
            f.write(FAKE_BENCH)
        os.chmod(self.bench, 0o755)
        self.journal = os.path.join(self.dir.name, "journal.jsonl")
        self.saved = gm.OUT
        gm.OUT = self.dir.name
        os.environ.pop("FAKE_BASE_FAILS", None)

    def tearDown(self):
        gm.OUT = self.saved
        os.environ.pop("FAKE_BASE_FAILS", None)
        self.dir.cleanup()

    def run_them(self):
        verdicts = [{"mutant": 9, "killed_by": None, "seconds": 1.0}]
        with open(self.journal, "a") as log, redirect_stdout(io.StringIO()):
            gm.run_mutants(self.bench, [1, 2, 3], 2, 30.0, log, verdicts)
        return verdicts

    def test_the_verdicts_are_journaled_once_mutant_0_passes(self):
        verdicts = self.run_them()
        self.assertEqual(sorted(v["mutant"] for v in verdicts), [1, 2, 3, 9])
        self.assertEqual(sorted(gm.journaled(self.journal, 10)), [1, 2, 3])

    def test_a_run_that_dies_is_an_error_never_journaled(self):
        verdicts = [{"mutant": 9, "killed_by": None, "seconds": 1.0}]
        with open(self.journal, "a") as log, redirect_stdout(io.StringIO()):
            gm.run_mutants(self.bench, [1, 7], 2, 30.0, log, verdicts)
        died = next(v for v in verdicts if v["mutant"] == 7)
        self.assertEqual(died["error"], "killed by signal 9, no output")
        self.assertEqual(sorted(gm.journaled(self.journal, 10)), [1])

    def test_a_failing_mutant_0_stops_the_run_and_journals_nothing(self):
        os.environ["FAKE_BASE_FAILS"] = "1"
        err = io.StringIO()
        with redirect_stderr(err), self.assertRaises(SystemExit) as e:
            self.run_them()
        self.assertEqual(e.exception.code, 1)
        self.assertIn("mutant 0 (no mutation) fails: broken", err.getvalue())
        self.assertEqual(gm.journaled(self.journal, 10), {})


# A stand-in bench whose every mutant runs for a minute in a child process
# of its own (as a proof's solver does) and writes both pids, and a run of
# two of them that the test stops with a signal.
SLOW_BENCH = """#!/bin/sh
sleep 60 &
echo "$$ $!" > "$PIDS/$2"
wait
"""
DRIVER = """import sys
sys.path.insert(0, sys.argv[1])
import generated_mutants as gm
gm.OUT = sys.argv[2]
gm.stop_on_signal()
with open(sys.argv[2] + "/scratch-path", "w") as f:
    f.write(gm.runs.scratch_dir("stopped-by-signal-"))
with open(sys.argv[2] + "/journal.jsonl", "a") as log:
    gm.run_mutants(sys.argv[3], [1, 2], 2, 120.0, log, [])
"""


def alive(pid):
    """Whether process PID runs (a zombie, dead but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


class StoppedBySignal(unittest.TestCase):
    """A run stopped by SIGTERM or SIGINT stops the mutants' runs under way
    with it, at once, instead of leaving them to run to their end, and
    removes its scratch folders."""

    def stop_with(self, sig):
        with tempfile.TemporaryDirectory() as d:
            bench = os.path.join(d, "generals")
            with open(bench, "w") as f:
                f.write(SLOW_BENCH)
            os.chmod(bench, 0o755)
            pids = os.path.join(d, "pids")
            os.mkdir(pids)
            driver = subprocess.Popen(
                [sys.executable, "-c", DRIVER, os.path.dirname(os.path.abspath(__file__)), d,
                 bench], env=dict(os.environ, PIDS=pids), stderr=subprocess.PIPE, text=True)
            t0 = time.time()
            # Mutant 0 and mutants 1 and 2, two at a time: two runs start.
            while len(os.listdir(pids)) < 2 and time.time() - t0 < 20:
                time.sleep(0.05)
            self.assertEqual(len(os.listdir(pids)), 2, "the stand-in mutants did not start")
            time.sleep(0.2)  # both written their pids, not only begun to
            runs = []
            for k in os.listdir(pids):
                with open(os.path.join(pids, k)) as f:
                    runs += [int(pid) for pid in f.read().split()]
            self.assertEqual(len(runs), 4)
            driver.send_signal(sig)
            _, err = driver.communicate(timeout=20)
            self.assertEqual(driver.returncode, 128 + sig)
            self.assertIn("the journal keeps every verdict so far", err)
            time.sleep(0.2)
            for pid in runs:
                self.assertFalse(alive(pid), f"process {pid} still runs")
            with open(os.path.join(d, "scratch-path")) as f:
                scratch = f.read()
            self.assertTrue(scratch.startswith(tempfile.gettempdir()))
            self.assertFalse(os.path.exists(scratch), f"{scratch} left behind")

    def test_sigterm_stops_the_runs_under_way(self):
        self.stop_with(signal.SIGTERM)

    def test_sigint_stops_the_runs_under_way(self):
        self.stop_with(signal.SIGINT)


if __name__ == "__main__":
    unittest.main()
