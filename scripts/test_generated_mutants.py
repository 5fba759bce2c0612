"""Unit tests of scripts/generated_mutants.py's journal (scripts/test runs
them): what a run cut short leaves must be read back, and anything else
refused with the file and the line named."""
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr

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


if __name__ == "__main__":
    unittest.main()
