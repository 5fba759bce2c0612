//! Merging the coverage files of many runs into one report, and checking it
//! against the committed floor and waivers.
//!
//! Inputs are the files runs wrote (see [`super`]): Verilator's
//! `coverage.dat` files of the RTL (`*.dat`) and the functional bins
//! (`*.json`). Each is checked before anything is merged: a file that is
//! not what it claims, or that another build of the RTL wrote, is refused
//! with its name, and nothing is written. The RTL's files are cleaned
//! (their source paths made relative to the repository, so runs on other
//! machines merge) and merged by `verilator_coverage`; the bins are merged
//! here, keeping which tests hit each.

use crate::infra::outputs::{OutDir, Plan};
use generals_maps::shown_path;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use super::{build_id, FORMAT};
/// The first line of a Verilator coverage file.
const DAT_HEADER: &str = "# SystemC::Coverage-3";
/// The line the bench adds to a coverage file: the build that wrote it.
const DAT_BUILD: &str = "# generals-build: ";
/// The largest coverage file read (a run's is about 100 KB).
const FILE_MAX: u64 = 64 << 20;

/// A coverage input that cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum CoverageError {
    /// Unreadable.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Not a coverage file of this bench, or damaged.
    #[error("{path}: {why}; nothing was merged")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// Written by another build of the RTL.
    #[error(
        "{path}: written by another build of the RTL (build {theirs}, this program's is {ours}); \
         nothing was merged"
    )]
    OtherBuild {
        /// The file.
        path: String,
        /// Its build.
        theirs: String,
        /// This program's.
        ours: String,
    },
    /// A floor or waiver file that does not parse.
    #[error("{path}: {why}")]
    Config {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// `verilator_coverage` failed.
    #[error("verilator_coverage: {0}")]
    Tool(String),
    /// Inputs with nothing in them.
    #[error("no coverage files among the inputs ({0}): give the folder the runs wrote")]
    Empty(String),
    /// The report's folder or a file of it (exit status 3, or 2 for an
    /// output refused before the merge).
    #[error(transparent)]
    Output(#[from] crate::infra::outputs::Error),
}

/// The kinds of RTL coverage points (Verilator's pages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PointKind {
    /// A block of statements (`v_line`): line coverage.
    Line,
    /// One arm of an `if` or `?:` (`v_branch`).
    Branch,
    /// A signal bit going 0→1 and 1→0 (`v_toggle`).
    Toggle,
    /// A `cover` statement (`v_user`).
    User,
}

impl PointKind {
    fn from_page(page: &str) -> Option<PointKind> {
        match page.split('/').next()? {
            "v_line" => Some(PointKind::Line),
            "v_branch" => Some(PointKind::Branch),
            "v_toggle" => Some(PointKind::Toggle),
            "v_user" => Some(PointKind::User),
            _ => None,
        }
    }

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            PointKind::Line => "lines",
            PointKind::Branch => "branches",
            PointKind::Toggle => "toggles",
            PointKind::User => "cover points",
        }
    }

    const ALL: [PointKind; 4] = [
        PointKind::Line,
        PointKind::Branch,
        PointKind::Toggle,
        PointKind::User,
    ];
}

/// One RTL coverage point, merged.
#[derive(Clone, Debug)]
pub struct Point {
    /// Its source file, relative to the repository (`rtl/x.v`).
    pub file: String,
    /// Its first line.
    pub line: u32,
    /// The lines it covers (`S` field), for the lcov lines.
    pub lines: Vec<u32>,
    /// Its kind.
    pub kind: PointKind,
    /// What it is: the block's kind (`if`, `case`, …), the signal, the
    /// cover statement's name.
    pub what: String,
    /// Where in the hierarchy.
    pub hier: String,
    /// Times hit.
    pub count: u64,
}

/// The fields of a Verilator coverage key (`\x01name\x02value…`).
fn key_fields(key: &str) -> Vec<(&str, &str)> {
    key.split('\u{1}')
        .filter_map(|f| f.split_once('\u{2}'))
        .collect()
}

fn key_text(fields: &[(&str, String)]) -> String {
    fields
        .iter()
        .map(|(k, v)| format!("\u{1}{k}\u{2}{v}"))
        .collect()
}

/// A source path as the report names it: from its `rtl/` folder on (or
/// whole, if it has none), so runs from other checkouts merge.
fn relative_source(path: &str) -> String {
    match ["/rtl/", "/tb/cover_points/"]
        .iter()
        .filter_map(|d| path.rfind(d))
        .max()
    {
        Some(i) => path[i + 1..].to_string(),
        None => path.to_string(),
    }
}

/// Reads one RTL coverage file: checks its form and its build, and returns
/// its points with relative source paths, in Verilator's format again.
fn clean_dat(path: &Path, bytes: &[u8]) -> Result<String, CoverageError> {
    let name = shown_path(path);
    let corrupt = |why: String| CoverageError::Corrupt {
        path: name.clone(),
        why,
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|_| corrupt("not text (bytes that are not UTF-8)".into()))?;
    let mut lines = text.lines();
    if lines.next() != Some(DAT_HEADER) {
        return Err(corrupt(format!(
            "not a Verilator coverage file (its first line is not `{DAT_HEADER}`)"
        )));
    }
    let mut out = format!("{DAT_HEADER}\n");
    let mut build = None;
    let mut points = 0usize;
    for (i, line) in lines.enumerate() {
        let n = i + 2;
        if let Some(b) = line.strip_prefix(DAT_BUILD) {
            build = Some(b.trim().to_string());
            continue;
        }
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let rest = line
            .strip_prefix("C '")
            .ok_or_else(|| corrupt(format!("line {n}: not a coverage point")))?;
        let (key, count) = rest
            .rsplit_once("' ")
            .ok_or_else(|| corrupt(format!("line {n}: a point without a count")))?;
        let count: u64 = count.trim().parse().map_err(|_| {
            corrupt(format!(
                "line {n}: `{}` is not a count",
                generals_maps::shown(count)
            ))
        })?;
        let fields: Vec<(&str, String)> = key_fields(key)
            .into_iter()
            .map(|(k, v)| {
                let v = if k == "f" {
                    relative_source(v)
                } else {
                    v.to_string()
                };
                (k, v)
            })
            .collect();
        let page = fields
            .iter()
            .find(|(k, _)| *k == "page")
            .map(|(_, v)| v.as_str());
        if !fields.iter().any(|(k, _)| *k == "f") || page.and_then(PointKind::from_page).is_none() {
            return Err(corrupt(format!(
                "line {n}: a point without a source file or a known kind"
            )));
        }
        let _ = writeln!(out, "C '{}' {count}", key_text(&fields));
        points += 1;
    }
    let ours = build_id();
    match build {
        None => {
            return Err(corrupt(
                "no build line: not written by this bench (or cut short)".into(),
            ))
        }
        Some(b) if b != ours => {
            return Err(CoverageError::OtherBuild {
                path: name,
                theirs: b,
                ours: ours.to_string(),
            })
        }
        Some(_) => {}
    }
    if points == 0 {
        return Err(corrupt("no coverage points".into()));
    }
    Ok(out)
}

/// Parses a merged coverage file into points. A point of the source is one
/// point however many instances of its module the models have (the keyboard
/// is in both), and however many modules include it (the functions of
/// `video_defs.vh`): hit when any of them hit it.
fn read_points(text: &str) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    let mut seen: std::collections::HashMap<(String, u32, String, String, String), usize> =
        std::collections::HashMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("C '") else {
            continue;
        };
        let Some((key, count)) = rest.rsplit_once("' ") else {
            continue;
        };
        let f: BTreeMap<&str, &str> = key_fields(key).into_iter().collect();
        let Some(kind) = f.get("page").and_then(|p| PointKind::from_page(p)) else {
            continue;
        };
        let line_no: u32 = f.get("l").and_then(|l| l.parse().ok()).unwrap_or(0);
        let mut lines = Vec::new();
        for part in f.get("S").copied().unwrap_or("").split(',') {
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                lines.extend(a..=b.min(a + 10_000));
            }
        }
        if lines.is_empty() {
            lines.push(line_no);
        }
        let count: u64 = count.trim().parse().unwrap_or(0);
        let id = (
            f.get("f").copied().unwrap_or("").to_string(),
            line_no,
            f.get("n").copied().unwrap_or("").to_string(),
            format!("{kind:?}"),
            f.get("o").copied().unwrap_or("").to_string(),
        );
        if let Some(&i) = seen.get(&id) {
            out[i].count += count;
            continue;
        }
        seen.insert(id, out.len());
        out.push(Point {
            file: f.get("f").copied().unwrap_or("").to_string(),
            line: line_no,
            lines,
            kind,
            what: f.get("o").copied().unwrap_or("").to_string(),
            hier: f.get("h").copied().unwrap_or("").to_string(),
            count,
        });
    }
    out
}

/// The hits of one bin over all runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct BinTotal {
    /// Hits.
    pub hits: u64,
    /// The tests (runs) that hit it.
    pub tests: BTreeSet<String>,
}

/// One bins file as written by a run.
#[derive(Deserialize)]
struct BinsFile {
    format: String,
    build: String,
    test: String,
    bins: BTreeMap<String, u64>,
}

/// Merges bins files: bin id → total.
fn merge_bins(
    files: &[(PathBuf, Vec<u8>)],
) -> Result<(BTreeMap<String, BinTotal>, BTreeSet<String>), CoverageError> {
    let known: BTreeSet<String> = super::functional::bins()
        .into_iter()
        .map(|b| b.id)
        .collect();
    let mut total: BTreeMap<String, BinTotal> = BTreeMap::new();
    let mut tests = BTreeSet::new();
    for (path, bytes) in files {
        let name = shown_path(path);
        let corrupt = |why: String| CoverageError::Corrupt {
            path: name.clone(),
            why,
        };
        let f: BinsFile = serde_json::from_slice(bytes)
            .map_err(|e| corrupt(format!("not a bins file of this bench: {e}")))?;
        if f.format != FORMAT {
            return Err(corrupt(format!(
                "format `{}`, this bench reads `{FORMAT}`",
                generals_maps::shown(&f.format)
            )));
        }
        if f.build != build_id() {
            return Err(CoverageError::OtherBuild {
                path: name,
                theirs: f.build,
                ours: build_id().to_string(),
            });
        }
        if let Some(unknown) = f.bins.keys().find(|k| !known.contains(*k)) {
            return Err(corrupt(format!(
                "bin `{}` is not in this bench's coverage model",
                generals_maps::shown(unknown)
            )));
        }
        tests.insert(f.test.clone());
        for (id, n) in f.bins {
            let t = total.entry(id).or_default();
            t.hits += n;
            if n > 0 {
                t.tests.insert(f.test.clone());
            }
        }
    }
    Ok((total, tests))
}

/// The committed floor: the least each figure may be, in per cent of what
/// is not waived (`tb/bench/env/coverage/floor.toml`).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Floor {
    /// RTL line coverage points.
    pub lines: f64,
    /// RTL branch points.
    pub branches: f64,
    /// RTL cover statements.
    pub cover_points: f64,
    /// RTL toggles (checked only when the run measured toggles).
    pub toggles: f64,
    /// Functional bins.
    pub bins: f64,
}

/// What is left out of the figures, each with its reason
/// (`tb/bench/env/coverage/waivers.toml`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Waivers {
    /// RTL points.
    #[serde(default)]
    pub rtl: Vec<RtlWaiver>,
    /// Functional bins.
    #[serde(default)]
    pub bins: Vec<BinWaiver>,
}

/// RTL points waived: those of `file` (whose `lines`, if given, fall in the
/// range; whose kind, if given, is `kind`; whose name, if given, contains
/// `what`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RtlWaiver {
    /// `rtl/x.v`.
    pub file: String,
    /// `a-b` or `a`.
    pub lines: Option<String>,
    /// `line`, `branch`, `toggle` or `cover`.
    pub kind: Option<String>,
    /// A part of the point's name (a signal's, for toggles).
    pub what: Option<String>,
    /// Why it cannot or need not be covered.
    pub reason: String,
}

/// A functional bin waived.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BinWaiver {
    /// The bin's id.
    pub id: String,
    /// Why.
    pub reason: String,
}

impl RtlWaiver {
    fn matches(&self, p: &Point) -> bool {
        if p.file != self.file {
            return false;
        }
        if let Some(r) = &self.lines {
            let (a, b) = r.split_once('-').unwrap_or((r, r));
            let (a, b) = (a.trim().parse().unwrap_or(0), b.trim().parse().unwrap_or(0));
            if !(a..=b).contains(&p.line) {
                return false;
            }
        }
        if let Some(k) = &self.kind {
            let kind = match p.kind {
                PointKind::Line => "line",
                PointKind::Branch => "branch",
                PointKind::Toggle => "toggle",
                PointKind::User => "cover",
            };
            if k != kind {
                return false;
            }
        }
        self.what
            .as_ref()
            .is_none_or(|w| p.what.contains(w.as_str()))
    }
}

fn read_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, CoverageError> {
    let name = shown_path(path);
    let bytes =
        generals_maps::read_capped(path, FILE_MAX).map_err(|source| CoverageError::Read {
            path: name.clone(),
            source,
        })?;
    let text = String::from_utf8(bytes).map_err(|_| CoverageError::Config {
        path: name.clone(),
        why: "not UTF-8 text".into(),
    })?;
    toml::from_str(&text).map_err(|e| CoverageError::Config {
        path: name,
        why: e.to_string().trim().replace('\n', " "),
    })
}

impl Floor {
    /// Reads a floor file.
    pub fn read(path: &Path) -> Result<Floor, CoverageError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            floor: Floor,
        }
        read_toml::<File>(path).map(|f| f.floor)
    }
}

/// The marker that waives the coverage point of the next line of code, in
/// the RTL source itself: `// coverage waiver (KIND[, WHAT]): REASON`, the
/// reason going on over the comment lines that follow it. KIND is `line`,
/// `branch`, `toggle` or `cover`; WHAT a part of the point's name
/// (`else`, `cond_then`). Kept next to what it waives, an edit elsewhere
/// in the file cannot move it.
pub const WAIVER_MARKER: &str = "// coverage waiver (";

/// The waivers marked in the RTL sources of folder `rtl` (`*.v`), each
/// for the line of code after its marker, named `rtl/<file>`.
pub fn source_waivers(rtl: &Path) -> Result<Vec<RtlWaiver>, CoverageError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(rtl)
        .map_err(|e| CoverageError::Config {
            path: shown_path(rtl),
            why: format!("cannot read the RTL folder: {e}"),
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "v"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| CoverageError::Config {
            path: shown_path(&f),
            why: format!("cannot read: {e}"),
        })?;
        let name = format!(
            "rtl/{}",
            f.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default()
        );
        out.extend(markers_in(&name, &text)?);
    }
    Ok(out)
}

/// The waivers marked in one source file's `text` (see [`WAIVER_MARKER`]).
fn markers_in(name: &str, text: &str) -> Result<Vec<RtlWaiver>, CoverageError> {
    let bad = |line: usize, why: &str| CoverageError::Config {
        path: format!("{name}:{line}"),
        why: format!(
            "{why}; a marker is `{WAIVER_MARKER}KIND[, WHAT]): REASON` above the line it waives"
        ),
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(at) = l.find(WAIVER_MARKER) else {
            continue;
        };
        let rest = &l[at + WAIVER_MARKER.len()..];
        let Some((head, reason)) = rest.split_once("):") else {
            return Err(bad(i + 1, "no `):` after the kind"));
        };
        let mut parts = head.split(',').map(str::trim);
        let kind = parts.next().unwrap_or_default().to_string();
        if !["line", "branch", "toggle", "cover"].contains(&kind.as_str()) {
            return Err(bad(i + 1, &format!("unknown kind `{kind}`")));
        }
        let what = parts.next().map(str::to_string);
        // The reason goes on over the comment lines after the marker; the
        // first line of code after them is the one waived.
        let mut reason = reason.trim().to_string();
        let mut j = i + 1;
        while let Some(next) = lines.get(j) {
            match next.trim().strip_prefix("//") {
                Some(more) => {
                    reason.push(' ');
                    reason.push_str(more.trim());
                    j += 1;
                }
                None => break,
            }
        }
        if reason.trim().is_empty() {
            return Err(bad(i + 1, "a waiver without a reason"));
        }
        if lines.get(j).is_none_or(|c| c.trim().is_empty()) {
            return Err(bad(i + 1, "no line of code right after the marker"));
        }
        out.push(RtlWaiver {
            file: name.to_string(),
            lines: Some((j + 1).to_string()),
            kind: Some(kind),
            what,
            reason,
        });
    }
    Ok(out)
}

impl Waivers {
    /// Reads a waiver file, with the waivers marked in the RTL the models
    /// were built from ([`source_waivers`]); every waiver must give a
    /// reason.
    pub fn read(path: &Path) -> Result<Waivers, CoverageError> {
        let mut w: Waivers = read_toml(path)?;
        w.rtl
            .extend(source_waivers(Path::new(generals_dut::RTL_DIR))?);
        let known: BTreeSet<String> = super::functional::bins()
            .into_iter()
            .map(|b| b.id)
            .collect();
        for b in &w.bins {
            if !known.contains(&b.id) {
                return Err(CoverageError::Config {
                    path: shown_path(path),
                    why: format!("waiver of bin `{}`, which the model does not have", b.id),
                });
            }
        }
        if w.rtl.iter().any(|r| r.reason.trim().is_empty())
            || w.bins.iter().any(|b| b.reason.trim().is_empty())
        {
            return Err(CoverageError::Config {
                path: shown_path(path),
                why: "a waiver without a reason".into(),
            });
        }
        Ok(w)
    }
}

/// Covered and total of a figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figure {
    /// Covered (hit at least once).
    pub covered: u64,
    /// Counted (not waived).
    pub total: u64,
    /// Waived.
    pub waived: u64,
}

impl Figure {
    /// Per cent covered; 100 when nothing counts.
    pub fn percent(&self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            100.0 * self.covered as f64 / self.total as f64
        }
    }

    fn add(&mut self, hit: bool, waived: bool) {
        if waived {
            self.waived += 1;
        } else {
            self.total += 1;
            self.covered += u64::from(hit);
        }
    }
}

impl std::fmt::Display for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:6.2} % ({} of {}",
            self.percent(),
            self.covered,
            self.total
        )?;
        if self.waived > 0 {
            write!(f, ", {} waived", self.waived)?;
        }
        write!(f, ")")
    }
}

/// A merged report.
#[derive(Debug, Default)]
pub struct Report {
    /// RTL points.
    pub points: Vec<Point>,
    /// Bins: id → total.
    pub bins: BTreeMap<String, BinTotal>,
    /// The runs merged.
    pub tests: BTreeSet<String>,
    /// RTL files merged.
    pub dat_files: usize,
    /// Waivers applied.
    pub waivers: Waivers,
    /// The RTL files merged into one, in Verilator's format (`rtl.dat`).
    pub rtl_dat: Option<String>,
}

impl Report {
    fn rtl_waived(&self, p: &Point) -> bool {
        self.waivers.rtl.iter().any(|w| w.matches(p))
    }

    fn bin_waived(&self, id: &str) -> bool {
        self.waivers.bins.iter().any(|w| w.id == id)
    }

    fn bin_hit(&self, id: &str) -> bool {
        self.bins.get(id).is_some_and(|t| t.hits > 0)
    }

    /// The bins neither hit nor waived.
    fn bins_missed(&self) -> Vec<super::functional::Bin> {
        super::functional::bins()
            .into_iter()
            .filter(|b| !self.bin_hit(&b.id) && !self.bin_waived(&b.id))
            .collect()
    }

    /// An RTL figure over all files.
    pub fn rtl_figure(&self, kind: PointKind) -> Figure {
        let mut f = Figure::default();
        for p in self.points.iter().filter(|p| p.kind == kind) {
            f.add(p.count > 0, self.rtl_waived(p));
        }
        f
    }

    /// The bins figure, and per group.
    pub fn bin_figures(&self) -> (Figure, Vec<(&'static str, Figure)>) {
        let mut all = Figure::default();
        let mut groups: Vec<(&'static str, Figure)> = super::functional::GROUPS
            .iter()
            .map(|(g, _)| (*g, Figure::default()))
            .collect();
        for b in super::functional::bins() {
            let hit = self.bin_hit(&b.id);
            let waived = self.bin_waived(&b.id);
            all.add(hit, waived);
            let group = b.id.split('/').next().unwrap_or("");
            if let Some((_, f)) = groups.iter_mut().find(|(g, _)| *g == group) {
                f.add(hit, waived);
            }
        }
        (all, groups)
    }

    /// Waivers that match nothing (stale: the RTL moved on).
    pub fn stale_waivers(&self) -> Vec<String> {
        // A waiver of a kind this run did not measure (toggles, without
        // the toggle build) is not stale.
        let measured = |w: &&RtlWaiver| match w.kind.as_deref() {
            Some("toggle") => self.points.iter().any(|p| p.kind == PointKind::Toggle),
            _ => true,
        };
        let mut out: Vec<String> = self
            .waivers
            .rtl
            .iter()
            .filter(measured)
            .filter(|w| !self.points.iter().any(|p| w.matches(p)))
            .map(|w| format!("{} {}", w.file, w.lines.as_deref().unwrap_or("")))
            .collect();
        if self.points.is_empty() {
            out.clear(); // no RTL data merged: nothing to match against
        }
        out
    }

    /// The text summary: per RTL file and kind, per bin group, the totals.
    pub fn summary(&self, detail: bool) -> String {
        let mut s = String::new();
        let kinds: Vec<PointKind> = PointKind::ALL
            .into_iter()
            .filter(|k| self.points.iter().any(|p| p.kind == *k))
            .collect();
        let _ = writeln!(
            s,
            "coverage: {} runs merged ({} RTL files)",
            self.tests.len().max(self.dat_files),
            self.dat_files
        );
        if !kinds.is_empty() {
            let _ = write!(s, "\n{:<28}", "RTL file");
            for k in &kinds {
                let _ = write!(s, " {:>22}", k.name());
            }
            let _ = writeln!(s);
            let files: BTreeSet<&str> = self.points.iter().map(|p| p.file.as_str()).collect();
            for file in files {
                let _ = write!(s, "{file:<28}");
                for &k in &kinds {
                    let mut f = Figure::default();
                    for p in self.points.iter().filter(|p| p.file == file && p.kind == k) {
                        f.add(p.count > 0, self.rtl_waived(p));
                    }
                    let cell = if f.total + f.waived == 0 {
                        "-".to_string()
                    } else {
                        format!("{:.1} % {}/{}", f.percent(), f.covered, f.total)
                    };
                    let _ = write!(s, " {cell:>22}");
                }
                let _ = writeln!(s);
            }
        }
        let (all, groups) = self.bin_figures();
        let _ = writeln!(
            s,
            "\n{:<28} {:>22}",
            "functional bins (docs/rules.md)", "bins"
        );
        for (g, f) in &groups {
            let _ = writeln!(
                s,
                "{g:<28} {:>22}",
                format!("{:.1} % {}/{}", f.percent(), f.covered, f.total)
            );
        }
        let _ = writeln!(s, "\ntotals (of what is not waived):");
        for k in &kinds {
            let _ = writeln!(s, "  RTL {:<14} {}", k.name(), self.rtl_figure(*k));
        }
        let _ = writeln!(s, "  functional bins    {all}");
        let missed: Vec<String> = self
            .bins_missed()
            .into_iter()
            .map(|b| format!("{} ({}: {})", b.id, b.section, b.what))
            .collect();
        if !missed.is_empty() {
            let _ = writeln!(s, "\nbins not hit:");
            for m in &missed {
                let _ = writeln!(s, "  {m}");
            }
        }
        if detail {
            let _ = writeln!(s, "\nRTL points not hit (and not waived):");
            for p in self
                .points
                .iter()
                .filter(|p| p.count == 0 && !self.rtl_waived(p))
            {
                let _ = writeln!(
                    s,
                    "  {}:{} {} {} ({})",
                    p.file,
                    p.line,
                    p.kind.name(),
                    p.what,
                    p.hier
                );
            }
            let _ = writeln!(s, "\nwhat each run added (bins hit by it alone):");
            for t in &self.tests {
                let only: Vec<&String> = self
                    .bins
                    .iter()
                    .filter(|(_, b)| b.tests.len() == 1 && b.tests.contains(t))
                    .map(|(id, _)| id)
                    .collect();
                let any = self.bins.values().filter(|b| b.tests.contains(t)).count();
                let _ = writeln!(s, "  {t}: {any} bins, {} only by it", only.len());
            }
        }
        s
    }

    /// What falls short of `floor`: one line each, empty when all is met.
    pub fn below(&self, floor: &Floor) -> Vec<String> {
        let mut out = Vec::new();
        for (kind, min) in [
            (PointKind::Line, floor.lines),
            (PointKind::Branch, floor.branches),
            (PointKind::User, floor.cover_points),
            (PointKind::Toggle, floor.toggles),
        ] {
            if !self.points.iter().any(|p| p.kind == kind) {
                continue; // not measured by this run (toggles: the toggle build)
            }
            let f = self.rtl_figure(kind);
            if f.percent() < min {
                out.push(format!("RTL {}: {f}, floor {min} %", kind.name()));
            }
        }
        let (all, _) = self.bin_figures();
        if all.percent() < floor.bins {
            let missed: Vec<String> = self.bins_missed().into_iter().map(|b| b.id).collect();
            out.push(format!(
                "functional bins: {all}, floor {} %; not hit: {}",
                floor.bins,
                missed.join(", ")
            ));
        }
        for w in self.stale_waivers() {
            out.push(format!("waiver matches no RTL point (stale): {w}"));
        }
        out
    }

    /// The lcov tracefile of the RTL: lines (the line coverage points'
    /// lines, each hit as often as the most-hit point covering it) and
    /// branches (the branch points, in pairs by line).
    pub fn lcov(&self) -> String {
        let mut s = String::from("TN:generals\n");
        let files: BTreeSet<&str> = self.points.iter().map(|p| p.file.as_str()).collect();
        for file in files {
            let _ = writeln!(s, "SF:{file}");
            let mut lines: BTreeMap<u32, u64> = BTreeMap::new();
            let mut branches: Vec<&Point> = Vec::new();
            for p in self.points.iter().filter(|p| p.file == file) {
                match p.kind {
                    PointKind::Line => {
                        for &l in &p.lines {
                            let e = lines.entry(l).or_insert(0);
                            *e = (*e).max(p.count);
                        }
                    }
                    PointKind::Branch => branches.push(p),
                    _ => {}
                }
            }
            let (mut brf, mut brh) = (0, 0);
            for (block, p) in branches.iter().enumerate() {
                let taken = if p.count > 0 {
                    p.count.to_string()
                } else {
                    "-".into()
                };
                let _ = writeln!(s, "BRDA:{},{},{},{}", p.line, block / 2, block % 2, taken);
                brf += 1;
                brh += u64::from(p.count > 0);
            }
            for (l, n) in &lines {
                let _ = writeln!(s, "DA:{l},{n}");
            }
            let _ = writeln!(
                s,
                "LF:{}\nLH:{}",
                lines.len(),
                lines.values().filter(|&&n| n > 0).count()
            );
            let _ = writeln!(s, "BRF:{brf}\nBRH:{brh}\nend_of_record");
        }
        s
    }

    /// The functional bins as an HTML page: each group, each bin with its
    /// section, hits and the tests that hit it.
    pub fn bins_html(&self) -> String {
        let esc = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        let (all, groups) = self.bin_figures();
        let mut s = String::from(
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Generals: functional coverage</title>\
             <style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:left;vertical-align:top}\
             .miss{background:#fcc}.hit{background:#cfc}.waived{background:#eee}</style></head><body>",
        );
        let _ = write!(
            s,
            "<h1>Functional coverage (docs/rules.md)</h1><p>{} bins: {}</p>",
            all.total,
            esc(&all.to_string())
        );
        let bins = super::functional::bins();
        for ((g, what), (_, f)) in super::functional::GROUPS.iter().zip(&groups) {
            let _ = write!(s, "<h2>{g}: {}</h2><p>{}</p><table><tr><th>bin</th><th>docs/rules.md</th><th>what</th><th>hits</th><th>tests</th></tr>", esc(what), esc(&f.to_string()));
            for b in bins.iter().filter(|b| b.id.split('/').next() == Some(g)) {
                let t = self.bins.get(&b.id).cloned().unwrap_or_default();
                let waiver = self.waivers.bins.iter().find(|w| w.id == b.id);
                let class = match (t.hits > 0, waiver) {
                    (_, Some(_)) => "waived",
                    (true, None) => "hit",
                    (false, None) => "miss",
                };
                let tests: Vec<String> = t.tests.iter().map(|x| esc(x)).collect();
                let note = waiver
                    .map(|w| format!(" (waived: {})", esc(&w.reason)))
                    .unwrap_or_default();
                let _ = write!(
                    s,
                    "<tr class=\"{class}\"><td>{}</td><td>{}</td><td>{}{note}</td><td>{}</td><td>{}</td></tr>",
                    esc(&b.id),
                    b.section,
                    esc(&b.what),
                    t.hits,
                    tests.join("<br>")
                );
            }
            s.push_str("</table>");
        }
        s.push_str("</body></html>\n");
        s
    }
}

/// Reads every coverage file under `inputs` (files, or folders searched
/// one level deep), checks each, and merges them; the RTL's through
/// `verilator_coverage`, in a scratch folder inside `work`, into
/// [`Report::rtl_dat`].
pub fn merge(inputs: &[PathBuf], work: &OutDir, waivers: Waivers) -> Result<Report, CoverageError> {
    let mut files: Vec<PathBuf> = Vec::new();
    for i in inputs {
        if i.is_dir() {
            let rd = std::fs::read_dir(i).map_err(|source| CoverageError::Read {
                path: shown_path(i),
                source,
            })?;
            let mut v: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
            v.sort();
            files.extend(
                v.into_iter()
                    .filter(|p| p.extension().is_some_and(|e| e == "dat" || e == "json")),
            );
        } else {
            files.push(i.clone());
        }
    }
    let mut dats = Vec::new();
    let mut jsons = Vec::new();
    for f in &files {
        let bytes = crate::infra::inputs::read_regular(f, FILE_MAX).map_err(|source| {
            CoverageError::Read {
                path: shown_path(f),
                source,
            }
        })?;
        match f.extension().and_then(|e| e.to_str()) {
            Some("dat") => dats.push(clean_dat(f, &bytes)?),
            Some("json") => jsons.push((f.clone(), bytes)),
            _ => {
                return Err(CoverageError::Corrupt {
                    path: shown_path(f),
                    why: "neither a .dat (RTL) nor a .json (bins) coverage file".into(),
                })
            }
        }
    }
    if dats.is_empty() && jsons.is_empty() {
        let names: Vec<String> = inputs.iter().map(|p| shown_path(p)).collect();
        return Err(CoverageError::Empty(names.join(", ")));
    }
    let (bins, tests) = merge_bins(&jsons)?;
    let mut report = Report {
        bins,
        tests,
        dat_files: dats.len(),
        waivers,
        ..Report::default()
    };
    if !dats.is_empty() {
        let merged = merge_dats(&dats, work)?;
        report.points = read_points(&merged);
        report.rtl_dat = Some(merged);
    }
    Ok(report)
}

/// `verilator_coverage --write` of the cleaned files, in a scratch folder
/// of the output folder; returns the merged file's text.
fn merge_dats(dats: &[String], work: &OutDir) -> Result<String, CoverageError> {
    work.make()?;
    let scratch = tempfile::Builder::new()
        .prefix(".merge-")
        .tempdir_in(work.path())
        .map_err(|e| crate::infra::outputs::Error::write(work.label(), e))?;
    let mut args = Vec::new();
    for (i, d) in dats.iter().enumerate() {
        let p = scratch.path().join(format!("{i}.dat"));
        std::fs::write(&p, d)
            .map_err(|e| crate::infra::outputs::Error::write(shown_path(&p), e))?;
        args.push(p);
    }
    let merged = scratch.path().join("merged.dat");
    let out = std::process::Command::new("verilator_coverage")
        .arg("--write")
        .arg(&merged)
        .args(&args)
        .output()
        .map_err(|e| CoverageError::Tool(format!("cannot run it ({e}): run scripts/setup")))?;
    if !out.status.success() {
        return Err(CoverageError::Tool(
            String::from_utf8_lossy(&out.stderr).trim().to_string(),
        ));
    }
    std::fs::read_to_string(&merged).map_err(|source| CoverageError::Read {
        path: shown_path(&merged),
        source,
    })
}

/// The files a report's folder holds.
const REPORT_FILES: &[&str] = &[
    "rtl.dat",
    "rtl.info",
    "bins.json",
    "bins.html",
    "summary.txt",
];

/// `generals coverage report`: merges `inputs` into `out` (rtl.dat,
/// rtl.info, bins.json, bins.html, summary.txt) and checks the floor.
pub fn report_cmd(
    inputs: &[PathBuf],
    out: &Path,
    floor: Option<&Path>,
    waivers: Option<&Path>,
) -> Result<(Report, Vec<String>), CoverageError> {
    let mut plan = Plan::new();
    for i in inputs {
        plan.input("an input", i)?;
    }
    let dir = plan.folder_owning("--out", out, REPORT_FILES)?;
    // Every file of the report checked before the merge, written in one
    // go after it: a report is whole or not there.
    for name in REPORT_FILES {
        dir.file(name)?;
    }
    let floor = floor.map(Floor::read).transpose()?;
    let waivers = waivers.map(Waivers::read).transpose()?.unwrap_or_default();
    let report = merge(inputs, &dir, waivers)?;
    let bins = serde_json::json!({
        "format": FORMAT,
        "build": build_id(),
        "tests": report.tests,
        "bins": report.bins,
    });
    let mut files: Vec<(&str, String)> = vec![
        ("bins.json", bins.to_string()),
        ("bins.html", report.bins_html()),
    ];
    if let Some(dat) = &report.rtl_dat {
        files.push(("rtl.dat", dat.clone()));
    }
    if !report.points.is_empty() {
        files.push(("rtl.info", report.lcov()));
    }
    files.push(("summary.txt", report.summary(true)));
    dir.make()?;
    let mut staged = Vec::new();
    for (name, text) in &files {
        let mut s = dir.file(name)?.stage()?;
        std::io::Write::write_all(s.file(), text.as_bytes())
            .map_err(|e| crate::infra::outputs::Error::write(s.output().label(), e))?;
        staged.push(s);
    }
    crate::infra::outputs::commit_all(staged)?;
    dir.keep();
    let below = floor.map(|f| report.below(&f)).unwrap_or_default();
    Ok((report, below))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dat(build: &str, count: u64) -> String {
        format!(
            "{DAT_HEADER}\n{DAT_BUILD}{build}\nC '\u{1}f\u{2}/x/rtl/a.v\u{1}l\u{2}3\u{1}page\u{2}v_line/a\u{1}o\u{2}block\u{1}S\u{2}3-4\u{1}h\u{2}top.a' {count}\n"
        )
    }

    #[test]
    fn a_marker_waives_the_line_of_code_below_it() {
        let text = "a\n  // coverage waiver (branch, else): never 7:\n  //   six codes only\n  if (x) y;\n";
        let w = markers_in("rtl/m.v", text).expect("one marker");
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].lines.as_deref(), Some("4"));
        assert_eq!(w[0].kind.as_deref(), Some("branch"));
        assert_eq!(w[0].what.as_deref(), Some("else"));
        assert_eq!(w[0].reason, "never 7: six codes only");
        let e = markers_in("rtl/m.v", "// coverage waiver (lines): x\ny\n").expect_err("kind");
        assert!(e.to_string().contains("rtl/m.v:1"), "{e}");
        assert!(markers_in("rtl/m.v", "// coverage waiver (line):\ny\n").is_err());
        assert!(markers_in("rtl/m.v", "// coverage waiver (line): why\n").is_err());
    }

    #[test]
    fn a_coverage_file_is_checked_before_it_is_merged() {
        let p = Path::new("x.dat");
        let ok = clean_dat(p, dat(build_id(), 5).as_bytes()).expect("good file");
        assert!(ok.contains("\u{2}rtl/a.v\u{1}"), "{ok:?}");
        let e = clean_dat(p, dat("other", 5).as_bytes()).expect_err("another build");
        assert!(e.to_string().contains("another build"), "{e}");
        let e = clean_dat(p, b"garbage\n").expect_err("garbage");
        assert!(
            e.to_string()
                .contains("x.dat: not a Verilator coverage file"),
            "{e}"
        );
        let cut = dat(build_id(), 5).replace(" 5\n", "");
        assert!(
            clean_dat(p, cut.as_bytes()).is_err(),
            "a point without a count"
        );
        let no_build = dat(build_id(), 5).replace(&format!("{DAT_BUILD}{}\n", build_id()), "");
        assert!(clean_dat(p, no_build.as_bytes()).is_err());
    }

    #[test]
    fn bins_from_another_model_or_build_are_refused() {
        let file = |bins: &str, build: &str| {
            (
                PathBuf::from("b.json"),
                format!("{{\"format\":\"{FORMAT}\",\"build\":\"{build}\",\"test\":\"t\",\"bins\":{bins}}}")
                    .into_bytes(),
            )
        };
        let (m, tests) = merge_bins(&[file("{\"map/003\":2}", build_id())]).expect("merges");
        assert_eq!(m["map/003"].hits, 2);
        assert!(tests.contains("t"));
        assert!(merge_bins(&[file("{\"no/such\":1}", build_id())]).is_err());
        assert!(merge_bins(&[file("{\"map/003\":1}", "other")]).is_err());
        assert!(merge_bins(&[(PathBuf::from("c.json"), b"{".to_vec())]).is_err());
    }
}
