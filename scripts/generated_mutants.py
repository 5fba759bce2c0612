"""Generated mutants: `scripts/mutants --generate N [--seed S]`.

The hand-written mutants of mutants/list.toml are the authors' idea of what
can go wrong. These are sampled mechanically from the design itself, the way
YosysHQ's mcy does it:

1. yosys reads the RTL, runs `prep` (after `proc`, flattened) and `mutate
   -list N -seed S`, which spreads N mutations evenly over the netlist's
   cells and bits (a bit inverted, tied to 0 or 1, or made to copy a
   neighbour, on a cell's input or output). Memories are left alone, and so
   is the output of a flip-flop with a power-up value (the mutation would
   drop the value). All N go into one design, each behind a selector
   `mutsel` = k; 0 selects none.
2. That design is built once, as a model beside the RTL's (cargo build with
   GENERALS_MUTANTS_DESIGN, in target/generated/), and `generals mutant K`
   runs a fixed set of the bench's checks on mutant K (run/mutant.rs): the
   machine against itself with every pixel checked (maps 7 and 45), the hand-worked
   scenarios of tb/scenarios/ in one run, a short fuzz with the VGA check,
   the person demo game, and corners no game reaches in time (positions
   set through the backdoor, the machine's choices on some, a key timed
   into the video scan, bad PS/2 frames, frames cut by RESET or sent
   before the receiver re-arms). Mutant 0 must pass them all. No-ops (a bit tied to the
   constant it already is, an XOR with a constant 0 or XNOR with a
   constant 1) are counted as equivalent and not run. Both cores
   run mutants at once.
3. With --triage DEPTH, each survivor gets a bounded proof (yosys `sat` on
   a miter of mutant 0 and mutant K started in one shared but arbitrary
   state): EQUIVALENT if no state and inputs tell the outputs apart within
   DEPTH cycles (left out of the kill rate), GAP with a VCD trace if some do
   (the state may be one no run reaches), UNKNOWN on a timeout.
4. The report: out/mutants/generated/report.md and report.json, with the
   kill rate per module (a mutation's module is its RTL source line's file)
   and every survivor with its source line, its mutation and its triage.
5. A journal: each verdict is appended, as it comes, to
   out/mutants/generated/journal-<design>-<binary>.jsonl, named by the
   hashes of the mutated design and of the binary that judged it (so by
   the RTL, the seed and the check set). With --resume, the mutants the
   journal already judged are not run again: a run cut short (the nightly's
   thousand take hours) goes on where it stopped. A journal copied into
   mutants/journal/ (and committed) is read too, so a run spread over
   machines that start afresh goes on as well. With --skip-read, the
   mutants whose mutation mutants/generated-survivors.toml reads as
   equivalent (a written reason) are counted as such and not run again.

Usage: scripts/mutants --generate N [--seed S] [--sample K | --mutants K,L,…]
                       [--jobs J] [--timeout SECONDS] [--triage DEPTH]
                       [--triage-timeout SECONDS] [--floor RATE] [--resume]
                       [--skip-read]
  --sample K   run K of the N, rotating with the commit (CI); default all
  --mutants K,L,…  run just these (a report's survivors, after a new check)
  --resume     take the verdicts the journal already has for this design and
               this binary; run only the rest
  --skip-read  do not run the mutants mutants/generated-survivors.toml reads
               as equivalent; they count as equivalent, listed as not run
Exit status: 0 the run completed (survivors are reported, not failed: the
kill rate is the figure); 1 mutant 0 failed a check (the flow or the bench
is broken) or the kill rate is below --floor; 2 bad usage, a tool failed,
or a mutant could not be judged.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "out", "mutants", "generated")
TARGET = os.path.join(ROOT, "target", "generated")
# Journals kept in the repository, for a run spread over fresh machines.
KEPT = os.path.join(ROOT, "mutants", "journal")
# The bench's models are built with this BOT_GAP (tb/dut/build.rs): the
# generated design must be the same design.
BOT_GAP = 20000
SRC = re.compile(r"^(?P<file>[^:]+):(?P<l0>\d+)\.\d+-(?P<l1>\d+)\.\d+$")


def say(msg):
    print(f"mutants: {msg}", flush=True)


def fail(msg, code=2):
    print(f"mutants: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def run(cmd, env=None, cwd=ROOT, timeout=None):
    return runs.run(cmd, env=env, cwd=cwd, timeout=timeout)


def stop_on_signal():
    runs.stop_on_signal("mutants", "the journal keeps every verdict so far")


def yosys():
    return os.environ.get("YOSYS", "yosys")


def rtl_files():
    rtl = os.path.join(ROOT, "rtl")
    return sorted(f"rtl/{f}" for f in os.listdir(rtl) if f.endswith(".v"))


def design_dir():
    """A fresh folder with rtl/ and maps/ linked in (the $readmemh paths are
    relative to them)."""
    d = os.path.join(OUT, "design")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for name in ("rtl", "maps"):
        os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    return d


def read_design():
    return (f"read_verilog -defer -DSYNTHESIS -Irtl {' '.join(rtl_files())}\n"
            f"hierarchy -check -top generals_core -chparam BOT_GAP {BOT_GAP}\n"
            "prep -top generals_core -flatten\n")


def yosys_script(d, name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)
    code, out = run([yosys(), "-q", "-l", name.replace(".ys", ".log"), "-s", name], cwd=d)
    if code != 0:
        fail(f"yosys failed on {os.path.relpath(os.path.join(d, name), ROOT)} "
             f"(log: {os.path.relpath(os.path.join(d, name.replace('.ys', '.log')), ROOT)}):\n{out[-1500:]}")


def parse_mutation(line):
    """One `mutate` line of `mutate -list` as a dict (srcs: every -src)."""
    # yosys's names hold backslashes and dollars but no blanks: split on blanks.
    words = line.split()
    m, srcs, i = {}, [], 1
    while i + 1 < len(words):
        key, val = words[i][1:], words[i + 1]
        if key == "src":
            srcs.append(val)
        elif key != "ctrl":
            m[key] = val
        i += 2
    m["srcs"] = srcs
    return m


def source_line(srcs):
    """The RTL line a mutation is on, as `file:line`. Flattening lists the
    cell's own source first, then the instances it was flattened through
    (generals_core.v's comes first of all): the file is the first that is
    not the top's, and the line that file's narrowest span (line 0, a cell
    yosys made for a whole statement, only when there is no other)."""
    spans = [(g["file"], int(g["l0"]), int(g["l1"])) for g in map(SRC.match, srcs) if g]
    if not spans:
        return "?"
    files = [f for f, _, _ in spans]
    own = next((f for f in files if f != "rtl/generals_core.v"), files[0])
    lines = sorted((l0 == 0, l1 - l0, l0) for f, l0, l1 in spans if f == own)
    return f"{own}:{lines[0][2]}"


def module_of(m):
    """The module a mutation is in: its source line's file."""
    line = source_line(m["srcs"])
    return os.path.basename(line.split(":")[0]).removesuffix(".v") if line != "?" else "?"


def no_op(cells, m):
    """Why mutation M cannot change the design (None if it can): a cell's
    input bit tied to the constant it already is, or made the XOR with a
    bit that is constant 0 (cnot1) or the XNOR with one that is constant 1
    (cnot0). `mutate -list` samples these too; they are equivalent by
    construction, so they are counted as such and not run."""
    cell = cells.get(m["cell"][1:] if m["cell"].startswith("\\") else m["cell"])
    if cell is None or cell["port_directions"].get(m["port"]) != "input":
        return None
    bits = cell["connections"][m["port"]]
    bit = bits[int(m["portbit"])]
    mode = m["mode"]
    if mode in ("const0", "const1") and bit == mode[-1]:
        return f"no-op: the input bit is already constant {bit}"
    if mode in ("cnot0", "cnot1"):
        ctrl = bits[int(m["ctrlbit"])]
        if (mode, ctrl) in (("cnot1", "0"), ("cnot0", "1")):
            gate = "XOR" if mode == "cnot1" else "XNOR"
            return f"no-op: the {gate} with a bit that is constant {ctrl}"
    return None


def generate(n, seed):
    """Samples N mutations and writes the one design holding them all;
    returns (mutations, path of the design)."""
    d = design_dir()
    # Sample more than N: the outputs of the flip-flops with a power-up value
    # are dropped afterwards.
    yosys_script(d, "list.ys", read_design() +
                 "select -write initff.txt a:init %ci1:+[Q] t:$*dff* %i\n"
                 "write_json pristine.json\n"
                 f"mutate -list {n + n // 5 + 20} -seed {seed} -o list.txt t:$mem_v2 %n\n")
    with open(os.path.join(d, "initff.txt")) as f:
        init_ffs = {line.strip().split("/", 1)[1] for line in f if "/" in line}
    with open(os.path.join(d, "list.txt")) as f:
        sampled = [parse_mutation(line) for line in f if line.startswith("mutate")]
    muts = [m for m in sampled if not (m.get("cell") in init_ffs and m.get("port") == "Q")][:n]
    if len(muts) < n:
        fail(f"yosys sampled only {len(muts)} usable mutations of the {n} asked for")
    with open(os.path.join(d, "pristine.json")) as f:
        cells = json.load(f)["modules"]["generals_core"]["cells"]
    width = max(1, n.bit_length())
    lines = []
    for k, m in enumerate(muts, 1):
        m["id"] = k
        m["line"] = source_line(m["srcs"])
        m["rtl_module"] = module_of(m)
        why = no_op(cells, m)
        if why:
            m["no_op"] = why
        args = " ".join(f"-{key} {m[key]}" for key in
                        ("mode", "module", "cell", "port", "portbit", "ctrlbit") if key in m)
        lines.append(f"mutate -ctrl mutsel {width} {k} {args}\n")
    with open(os.path.join(d, "mutations.ys"), "w") as f:
        f.writelines(lines)
    # splitnets: vectors driven bit by bit become bits, which Verilator would
    # otherwise evaluate as combinational loops, slowly.
    yosys_script(d, "apply.ys", read_design() +
                 "script mutations.ys\nopt_clean\nsplitnets -driver\nopt_clean -purge\n"
                 "write_verilog -noattr mutated.v\n")
    with open(os.path.join(d, "mutated.v")) as f:
        text = f.read()
    # The selector: `mutate` makes it an input; here it becomes a register that
    # only holds its value, which the bench's shim sets before the first cycle.
    # As an input, every mutation's logic would be input-driven, evaluated on
    # every edge of the clock input: about 3 times slower.
    decl = f"  input [{width - 1}:0] mutsel;\n  wire [{width - 1}:0] mutsel;\n"
    if decl not in text or text.count(", mutsel") != 1:
        fail("the mutated design does not declare its selector as expected "
             f"({os.path.relpath(os.path.join(d, 'mutated.v'), ROOT)})")
    text = text.replace(", mutsel", "", 1).replace(
        decl, f"  reg [{width - 1}:0] mutsel = {width}'h0;\n  always @(posedge clk) mutsel <= mutsel;\n", 1)
    design = os.path.join(d, "design.v")
    with open(design, "w") as f:
        f.write(f"// generals-mutants: {n}\n")
        f.write(text)
    with open(os.path.join(d, "mutations.json"), "w") as f:
        json.dump(muts, f, indent=1)
    return muts, design


def build(design):
    """The bench with the generated design's model, in target/generated/."""
    release = os.path.join(ROOT, "target", "release")
    if not os.path.isdir(TARGET) and os.path.isdir(release):
        os.makedirs(TARGET)
        subprocess.run(["cp", "-a", release, os.path.join(TARGET, "release")])
    env = dict(os.environ, GENERALS_MUTANTS_DESIGN=design, CARGO_TARGET_DIR=TARGET,
               GENERALS_NETLIST="0", GENERALS_BOARD_TOP="0")
    code, out = run(["cargo", "build", "--release", "--bin", "generals"], env=env)
    if code != 0:
        fail(f"the build with the generated design failed:\n{out[-3000:]}")
    return os.path.join(TARGET, "release", "generals")


def check(binary, k, timeout):
    """`generals mutant K`: its verdict (a dict)."""
    scratch = os.path.join(OUT, "scratch", str(k))
    # Made here, before the run: a folder the bench makes it removes again if
    # it stays empty, parents included, and two runs at once would then race
    # over the shared parent (one removing it as the other writes in it).
    os.makedirs(scratch, exist_ok=True)
    t0 = time.time()
    code, out = run([binary, "mutant", str(k), "--mismatch-dir", scratch], timeout=timeout)
    shutil.rmtree(scratch, ignore_errors=True)
    if code is None:
        return {"mutant": k, "killed_by": "timeout", "detail": f"no verdict within {timeout} s",
                "seconds": round(time.time() - t0, 1)}
    line = next((l for l in out.splitlines() if l.startswith("{")), None)
    if code != 0 or line is None:
        # Never empty: an empty error would read as no error (a survivor).
        why = (f"killed by signal {-code}" if code < 0 else f"exit status {code}") \
            + (f": {out[-800:]}" if out.strip() else ", no output")
        return {"mutant": k, "killed_by": None, "error": why, "seconds": round(time.time() - t0, 1)}
    return json.loads(line)


def run_mutants(binary, ids, jobs, timeout, log, verdicts):
    """Mutant 0 and the mutants `ids`, `jobs` at a time, each verdict
    appended to `verdicts` (which may hold a resumed run's already) and
    written to the journal `log`. Mutant 0 is first in the queue but runs
    beside the others, not before them (it costs the whole check set); the
    verdicts are written to the journal only once it has passed, since
    those of a flow that fails it are worthless. If it fails, the queue is
    dropped and the run fails (exit 1)."""
    done, passed, held = 0, False, []
    t_run = time.time()

    def journal(v):
        if "error" not in v:
            log.write(json.dumps(v) + "\n")
            log.flush()

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        first = pool.submit(check, binary, 0, timeout * 4)
        futures = [pool.submit(check, binary, k, timeout) for k in ids]
        for f in concurrent.futures.as_completed([first] + futures):
            v = f.result()
            if f is first:
                if v.get("killed_by") or v.get("error"):
                    pool.shutdown(wait=False, cancel_futures=True)
                    fail(f"mutant 0 (no mutation) fails: {v.get('detail') or v.get('error')}; "
                         "nothing is written to the journal", 1)
                passed = True
                say(f"mutant 0 (no mutation) passes every check ({v['seconds']:.1f} s)")
                for h in held:
                    journal(h)
                held = []
                continue
            verdicts.append(v)
            if passed:
                journal(v)
            else:
                held.append(v)
            done += 1
            if done % 10 == 0 or done == len(ids):
                killed = sum(1 for x in verdicts if x.get("killed_by"))
                say(f"{done}/{len(ids)} run, {killed} killed in all ({time.time() - t_run:.0f} s)")


def formal_design(d):
    """The mutated design for the proofs, once: the selector an input, the
    memories mapped to registers and logic (the ROMs become constants)."""
    yosys_script(d, "formal.ys", read_design() +
                 "script mutations.ys\nopt_clean\nmemory -nomap\nmemory_map\nopt -fast\n"
                 "write_rtlil formal.il\n")


def triage(d, k, width, depth, timeout):
    """(verdict, why) of survivor K by a bounded proof, as mcy does: a miter
    of the design with mutant 0 and with mutant K, both starting in the same
    state (any state: every register of the one equal to its namesake of the
    other at the first step, the inputs shared and free), must not tell
    their outputs apart within DEPTH cycles. EQUIVALENT: no state and no
    inputs show the mutant within DEPTH cycles; GAP: yosys found a state and
    inputs that do (the trace is a VCD file beside the design; the state may
    be one no run reaches); UNKNOWN: no answer within TIMEOUT seconds."""
    miter = (f"read_rtlil formal.il\nrename generals_core gold\ncopy gold gate\n"
             f"cd gold\ndelete -port mutsel\nconnect -set mutsel {width}'d0\n"
             f"cd gate\ndelete -port mutsel\nconnect -set mutsel {width}'d{k}\ncd\n"
             "opt -fast\nmiter -equiv -flatten -make_outputs -ignore_gold_x gold gate miter\n"
             "hierarchy -top miter\nopt -fast\n")
    regs = f"triage_{k}_regs.txt"
    with open(os.path.join(d, f"triage_{k}_regs.ys"), "w") as f:
        # Every kind of flip-flop: `opt` makes those with a synchronous reset
        # or enable $sdff, $sdffe and $sdffce, and one left out of the pairs
        # starts free in each copy, so the miter tells them apart at once.
        f.write(miter + f"select -write {regs} t:$*dff* t:$ff %u %co:+[Q] w:* %i\n")
    code, out = run([yosys(), "-q", "-s", f"triage_{k}_regs.ys"], cwd=d, timeout=timeout)
    if code != 0:
        return "UNKNOWN", "the miter could not be made" if code is not None else f"no miter within {timeout:.0f} s"
    with open(os.path.join(d, regs)) as f:
        names = [line.strip().split("/", 1)[1] for line in f if "/" in line]
    gold = {n.replace("gold.", "@", 1): n for n in names if "gold." in n}
    pairs = [(n, gold[key]) for n in names if "gate." in n
             for key in [n.replace("gate.", "@", 1)] if key in gold]

    def esc(n):
        return n if n.startswith("$") else "\\" + n
    same = " ".join(f"-set-at 1 {esc(a)} {esc(b)}" for a, b in pairs)
    vcd = f"triage_{k}.vcd"
    with open(os.path.join(d, f"triage_{k}.ys"), "w") as f:
        f.write(miter + f"sat -seq {depth} -prove trigger 0 -set-init-def -set-def-inputs "
                        f"-dump_vcd {vcd} {same}\n")
    log = f"triage_{k}.log"
    code, out = run([yosys(), "-q", "-l", log, "-s", f"triage_{k}.ys"], cwd=d, timeout=timeout)
    try:
        with open(os.path.join(d, log)) as f:
            text = f.read()
    except OSError:
        text = out
    if code is None:
        return "UNKNOWN", f"no proof within {timeout:.0f} s"
    if "SAT proof finished - no model found: SUCCESS" in text:
        return "EQUIVALENT", f"no state shows it within {depth} cycles ({len(pairs)} registers paired)"
    if "SAT proof finished - model found: FAIL" in text:
        return "GAP", (f"a state and inputs show it within {depth} cycles: "
                       f"{os.path.relpath(os.path.join(d, vcd), ROOT)}")
    return "UNKNOWN", f"yosys said neither (exit {code}; log {os.path.relpath(os.path.join(d, log), ROOT)})"


def digest(path):
    """The SHA-256 of a file, hex, its first 12 digits."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:12]


def journal_path(design, binary):
    """The journal of the verdicts this design and this binary give."""
    return os.path.join(OUT, f"journal-{digest(design)}-{digest(binary)}.jsonl")


def journaled(path, n):
    """The verdicts in the journal at `path` (none if there is none), by mutant.
    A line that is not a verdict of mutants 1 … N is an error that names the
    file and the line; a last line cut short (a run killed while writing) is
    left out."""
    name = os.path.relpath(path, ROOT)
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return {}
    except OSError as e:
        fail(f"cannot read the journal {name}: {e.strerror}")
    verdicts = {}
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            v = json.loads(line)
        except json.JSONDecodeError:
            if i == len(lines) - 1:
                break
            fail(f"{name}:{i + 1}: not a JSON verdict; "
                 "remove the file to start the journal again")
        if not isinstance(v, dict) or not isinstance(v.get("mutant"), int) \
                or not 1 <= v["mutant"] <= n or "killed_by" not in v:
            fail(f"{name}:{i + 1}: not a verdict of mutants 1 … {n}; "
                 "remove the file to start the journal again")
        verdicts[v["mutant"]] = v
    return verdicts


def earlier_verdicts(journal, kept_dir, n):
    """The verdicts of a resumed run: those of the journal of the same name
    in `kept_dir` (a run's journal kept in the repository), then those of
    `journal` itself, which win where both have a mutant. The kept ones
    `journal` lacks are appended to it, so that it holds the whole run (and
    is the file to keep again)."""
    kept = journaled(os.path.join(kept_dir, os.path.basename(journal)), n)
    own = journaled(journal, n)
    missing = [v for k, v in sorted(kept.items()) if k not in own]
    if missing:
        try:
            with open(journal, "a") as f:
                f.writelines(json.dumps(v) + "\n" for v in missing)
        except OSError as e:
            fail(f"cannot write the journal {os.path.relpath(journal, ROOT)}: {e.strerror}")
    return {**kept, **own}


def ci_subset(ids, k):
    code, head = run(["git", "rev-parse", "HEAD"])
    seed = int(head.strip()[:8], 16) if code == 0 and head.strip() else 0
    step = max(1, len(ids) // k)
    return ids[seed % step::step][:k]


def looked_at():
    """The survivors looked at (mutants/generated-survivors.toml), by mutation."""
    path = os.path.join(ROOT, "mutants", "generated-survivors.toml")
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except OSError:
        return {}
    except tomllib.TOMLDecodeError as e:
        fail(f"mutants/generated-survivors.toml: {e}")
    table = {}
    for i, s in enumerate(doc.get("survivor", [])):
        if not isinstance(s, dict) or s.get("verdict") not in ("equivalent", "gap") \
                or not all(isinstance(s.get(k), str) for k in ("mutation", "reason")):
            fail(f"mutants/generated-survivors.toml: survivor {i + 1} needs a mutation, "
                 "a verdict (equivalent or gap) and a reason")
        table[s["mutation"]] = s
    return table


def mutation_of(m):
    """A mutation as yosys's `mutate` command line writes it (the key of
    mutants/generated-survivors.toml)."""
    return " ".join(f"-{k} {m[k]}" for k in ("mode", "cell", "port", "portbit", "ctrlbit") if k in m)


def read_equivalent(ids, by_id, reasons):
    """The mutants of `ids` whose mutation `reasons` (looked_at()) reads as
    equivalent."""
    return [k for k in ids if reasons.get(mutation_of(by_id[k]), {}).get("verdict") == "equivalent"]


def report(muts, verdicts, secs, args, jobs):
    by_id = {m["id"]: m for m in muts}
    reasons = looked_at()
    rows = []
    for v in verdicts:
        m = by_id[v["mutant"]]
        mutation = mutation_of(m)
        row = {**v, "module": m["rtl_module"], "line": m["line"], "mutation": mutation}
        seen = reasons.get(mutation)
        if seen and not v.get("killed_by") and not v.get("error") and not v.get("no_op"):
            row["reason"] = seen["reason"]
            if seen["verdict"] == "equivalent":
                row["triage"] = "EQUIVALENT"
                row["why"] = "by reason (mutants/generated-survivors.toml)" \
                    + (", not run (--skip-read)" if v.get("not_run") else "")
            elif v.get("triage") == "EQUIVALENT":
                # A reading that shows an output change outweighs a bounded
                # proof: the change may come later than the proof's depth.
                row["triage"] = "GAP"
                row["why"] = ("by reason (mutants/generated-survivors.toml), though the "
                              f"bounded proof saw no change: {v.get('why', '')}")
        rows.append(row)
    killed = [r for r in rows if r.get("killed_by")]
    errors = [r for r in rows if r.get("error")]
    survived = [r for r in rows if not r.get("killed_by") and not r.get("error")]
    equivalent = [r for r in survived if r.get("triage") == "EQUIVALENT"]
    no_ops = [r for r in survived if r.get("no_op")]
    not_run = [r for r in survived if r.get("not_run")]
    ran = len(rows) - len(no_ops) - len(not_run)
    resumed = sum(1 for r in rows if r.get("resumed"))
    # Mutants a minute from the runs' own times (the journal keeps each), so
    # that a run resumed over several sessions, or with proofs after it,
    # gives the rate at which the mutants were judged.
    run_secs = sum(r["seconds"] for r in rows if not r.get("no_op") and not r.get("not_run"))
    a_minute = round(60 * jobs * ran / run_secs, 1) if run_secs else 0
    judged = len(rows) - len(errors) - len(equivalent)
    rate = len(killed) / judged if judged else 1.0
    modules = {}
    for r in rows:
        s = modules.setdefault(r["module"], {"run": 0, "killed": 0, "survived": 0, "equivalent": 0})
        s["run"] += 1
        s["killed"] += bool(r.get("killed_by"))
        s["survived"] += r in survived
        s["equivalent"] += r in equivalent
    checks = {}
    for r in killed:
        checks[r["killed_by"]] = checks.get(r["killed_by"], 0) + 1
    summary = {"sampled": args.generate, "seed": args.seed, "run": len(rows), "killed": len(killed),
               "survived": len(survived), "equivalent": len(equivalent), "no_ops": len(no_ops),
               "not_run_read": len(not_run),
               "triage_depth": args.triage, "errors": len(errors), "kill_rate": round(rate, 4),
               "seconds": round(secs, 1), "jobs": jobs,
               "resumed": resumed, "mutants_a_minute": a_minute,
               "killed_by": checks, "modules": modules}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "report.json"), "w") as f:
        json.dump({"summary": summary, "mutants": rows}, f, indent=1)
    with open(os.path.join(OUT, "report.md"), "w") as f:
        triaged = (f"{len(equivalent)} equivalent (no-ops, a reason in "
                   "mutants/generated-survivors.toml"
                   + (f", or a proof of {args.triage} cycles" if args.triage else "")
                   + "), left out of the kill rate; any other survivor counts against it.")
        f.write(f"# Generated mutants: {len(killed)} of {judged} killed ({100 * rate:.1f} %)\n\n"
                f"{ran} judged of {args.generate} sampled (seed {args.seed}), "
                + (f"{ran - resumed} run now and {resumed} taken from the journal, "
                   if resumed else "")
                + f"in {secs:.0f} s, {jobs} at a time ({a_minute} a minute by the runs' own "
                f"times); "
                f"{len(survived) - len(no_ops) - len(not_run)} survived, {len(errors)} errors; "
                f"{len(no_ops)} no-ops not run (equivalent by construction)"
                + (f", {len(not_run)} equivalent by a reason not run again (--skip-read)"
                   if not_run else "") + f". {triaged}\n\n"
                "Killed by: " + (", ".join(f"{c} {n}" for c, n in sorted(checks.items())) or "none") +
                "\n\n| module | judged | killed | survived | of them equivalent "
                "| kill rate of the non-equivalent |\n|---|---|---|---|---|---|\n")
        for mod, s in sorted(modules.items()):
            live = s["run"] - s["equivalent"]
            f.write(f"| {mod} | {s['run']} | {s['killed']} | {s['survived']} | {s['equivalent']} | "
                    + (f"{100 * s['killed'] / live:.1f} % |\n" if live else "— |\n"))
        f.write("\n## Survivors\n\n| mutant | source line | mutation | triage | reason |\n|---|---|---|---|---|\n")
        for r in (r for r in survived if not r.get("no_op")):
            f.write(f"| {r['mutant']} | {r['line']} | `{r['mutation']}` | "
                    f"{r.get('triage', 'not triaged')}{': ' + r['why'] if r.get('why') else ''} | "
                    f"{r.get('reason', 'not yet looked at')} |\n")
        if no_ops:
            f.write("\n## No-ops (equivalent by construction, not run)\n\n| mutant | source line "
                    "| mutation | why |\n|---|---|---|---|\n")
            for r in no_ops:
                f.write(f"| {r['mutant']} | {r['line']} | `{r['mutation']}` | {r['why']} |\n")
        if errors:
            f.write("\n## Errors (not judged)\n\n")
            for r in errors:
                f.write(f"- mutant {r['mutant']}: {r['error'][-300:]!r}\n")
    return summary


def main(argv):
    ap = argparse.ArgumentParser(prog="scripts/mutants --generate",
                                 description="Mutants sampled from the netlist by yosys, one build.")
    ap.add_argument("--generate", type=int, required=True, metavar="N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=int, default=None, metavar="K")
    ap.add_argument("--mutants", default=None, metavar="K,L,…",
                    help="run these mutants of the N only (a report's survivors, again)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=300.0, metavar="SECONDS")
    ap.add_argument("--triage", type=int, default=0, metavar="DEPTH",
                    help="triage each survivor by a bounded proof of DEPTH cycles (0: none)")
    ap.add_argument("--triage-timeout", type=float, default=900.0, metavar="SECONDS")
    ap.add_argument("--floor", type=float, default=0.0, metavar="RATE",
                    help="fail (exit 1) below this kill rate (0 … 1)")
    ap.add_argument("--resume", action="store_true",
                    help="take the verdicts the journal has for this design and binary; run the rest")
    ap.add_argument("--skip-read", action="store_true",
                    help="do not run the mutants mutants/generated-survivors.toml reads as "
                         "equivalent; count them as equivalent, listed as not run")
    a = ap.parse_args(argv)
    stop_on_signal()
    if not 1 <= a.generate <= 100000 or a.jobs < 1 or (a.sample is not None and a.sample < 1):
        fail("--generate takes 1 … 100000, --jobs and --sample 1 or more")
    only = None
    if a.mutants is not None:
        if a.sample is not None:
            fail("--mutants and --sample choose the mutants two ways: give one")
        try:
            only = sorted({int(k) for k in a.mutants.split(",") if k.strip()})
        except ValueError:
            fail(f"--mutants takes numbers separated by commas, not {a.mutants!r}")
        if not only or not all(1 <= k <= a.generate for k in only):
            fail(f"--mutants takes numbers 1 … {a.generate} (the --generate count)")
    if not 0 <= a.floor <= 1 or a.seed < 0 or not 0 <= a.triage <= 64:
        fail("--floor takes 0 … 1, --seed 0 or more, --triage 0 … 64")
    t_all = time.time()
    say(f"sampling {a.generate} mutations (yosys mutate, seed {a.seed})")
    muts, design = generate(a.generate, a.seed)
    say(f"building the design that holds them all ({os.path.relpath(design, ROOT)})")
    binary = build(design)
    ids = [m["id"] for m in muts]
    if only is not None:
        ids = [k for k in ids if k in set(only)]
        say(f"the mutants asked for: " + " ".join(map(str, ids)))
    if a.sample is not None:
        ids = ci_subset(ids, a.sample)
        say(f"the sample ({len(ids)} of {len(muts)}, rotating with the commit): "
            + " ".join(map(str, ids)))
    by_id = {m["id"]: m for m in muts}
    static = [{"mutant": k, "killed_by": None, "seconds": 0.0, "triage": "EQUIVALENT",
               "why": by_id[k]["no_op"], "no_op": True} for k in ids if by_id[k].get("no_op")]
    if static:
        say(f"{len(static)} of them are no-ops (equivalent by construction), "
            "counted as equivalent and not run: " + " ".join(str(v["mutant"]) for v in static))
        ids = [k for k in ids if not by_id[k].get("no_op")]
    if a.skip_read:
        read = read_equivalent(ids, by_id, looked_at())
        if read:
            say(f"{len(read)} of them are equivalent by a reason in mutants/generated-survivors.toml "
                "(--skip-read), counted as equivalent and not run: " + " ".join(map(str, read)))
        static += [{"mutant": k, "killed_by": None, "seconds": 0.0, "not_run": True}
                   for k in read]
        skipped = set(read)
        ids = [k for k in ids if k not in skipped]
    journal = journal_path(design, binary)
    verdicts = []
    if a.resume:
        earlier = earlier_verdicts(journal, KEPT, a.generate)
        # Marked (in memory only) so that the report counts them apart from
        # the mutants this run judges.
        verdicts = [dict(earlier[k], resumed=True) for k in ids if k in earlier]
        ids = [k for k in ids if k not in earlier]
        kept = os.path.join(KEPT, os.path.basename(journal))
        say(f"resuming: {len(verdicts)} verdicts from {os.path.relpath(journal, ROOT)}"
            + (f" and {os.path.relpath(kept, ROOT)}" if os.path.exists(kept) else "")
            + f", {len(ids)} mutants to run")
    jobs = max(1, min(a.jobs, len(ids) + 1))
    if ids:
        say(f"running mutant 0 (no mutation, which must pass every check) and {len(ids)} "
            f"mutants, {jobs} at a time")
        try:
            log = open(journal, "a")
        except OSError as e:
            fail(f"cannot write the journal {os.path.relpath(journal, ROOT)}: {e.strerror}")
        with log:
            run_mutants(binary, ids, jobs, a.timeout, log, verdicts)
    else:
        # Mutant 0 vouches for the verdicts a run writes; with none to write,
        # it would cost the whole check set for nothing.
        jobs = max(1, a.jobs)
        say("every mutant has its verdict already: none run, mutant 0 neither")
    survivors = [v for v in verdicts if not v.get("killed_by") and not v.get("error")]
    verdicts = sorted(verdicts + static, key=lambda v: v["mutant"])
    if survivors and a.triage > 0:
        d = os.path.join(OUT, "design")
        say(f"triage: {len(survivors)} survivors, each by a proof of {a.triage} cycles")
        formal_design(d)
        width = max(1, a.generate.bit_length())
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for v, (t, why) in zip(survivors, pool.map(
                    lambda v: triage(d, v["mutant"], width, a.triage, a.triage_timeout), survivors)):
                v["triage"], v["why"] = t, why
                say(f"mutant {v['mutant']} ({by_id[v['mutant']]['line']}): {t}: {why}")
    s = report(muts, verdicts, time.time() - t_all, a, jobs)
    say(f"{s['killed']} of {s['run'] - s['errors'] - s['equivalent']} non-equivalent killed "
        f"({100 * s['kill_rate']:.1f} %), {s['survived']} survived ({s['equivalent']} equivalent), "
        f"{s['errors']} errors in {s['seconds']:.0f} s; report: "
        f"{os.path.relpath(os.path.join(OUT, 'report.md'), ROOT)}")
    if s["errors"]:
        fail(f"{s['errors']} mutants could not be judged (see the report)", 2)
    if s["kill_rate"] < a.floor:
        fail(f"kill rate {100 * s['kill_rate']:.1f} % is below the floor {100 * a.floor:.1f} %", 1)
