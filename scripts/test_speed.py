"""Unit tests of scripts/speed's steadiness check (scripts/test runs them):
the plain loop's runs, the same work each time, must be flagged when the
machine's speed moved between them, and only then."""
import importlib.machinery
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_loader = importlib.machinery.SourceFileLoader("speed", os.path.join(HERE, "speed"))
_spec = importlib.util.spec_from_loader("speed", _loader)
speed = importlib.util.module_from_spec(_spec)
_loader.exec_module(speed)


class Steadiness(unittest.TestCase):
    def test_runs_close_together_are_steady(self):
        spread = speed.plain_spread([63.2e6, 64.0e6, 62.9e6, 63.6e6])
        self.assertAlmostEqual(spread, 64.0 / 62.9)
        self.assertIsNone(speed.unsteady_note(spread))

    def test_a_slow_spell_is_named(self):
        # One of this machine kind's slow spells: the plain loop at 35 M
        # cycles/s in one run and 64 M in the next.
        spread = speed.plain_spread([64.0e6, 35.0e6, 63.0e6])
        note = speed.unsteady_note(spread)
        self.assertIsNotNone(note)
        self.assertIn("1.83x apart", note)

    def test_the_bound_itself_is_steady(self):
        self.assertIsNone(speed.unsteady_note(speed.STEADY_SPREAD))
        self.assertIsNotNone(speed.unsteady_note(speed.STEADY_SPREAD + 0.01))

    def test_one_run_says_nothing(self):
        self.assertEqual(speed.plain_spread([50e6]), 1.0)
        self.assertEqual(speed.plain_spread([]), 1.0)


if __name__ == "__main__":
    unittest.main()
