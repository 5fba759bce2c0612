//! The regression list (`farm/list.toml`): named tests, each a kind of
//! run with, per tier, a seed count and a budget; and the jobs a
//! regression runs (every test, every seed), in one fixed order, with
//! seeds drawn from one master seed.

use crate::error::AppError;
use generals_maps::shown_path;
use serde::Deserialize;
use std::path::Path;

/// The largest list read.
const LIST_MAX: u64 = 1 << 20;

/// A kind of run (see the list file's header for what each budget counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// `generals fuzz`: random keys, buttons, faults, maps, switches.
    Fuzz,
    /// The fuzz with every VGA pixel checked.
    FuzzVideo,
    /// The keyboard front end alone with a random PS/2 stream.
    Kbd,
    /// The machine against itself on a random map.
    Machines,
    /// A person's random keys against the machine.
    PersonVsMachine,
    /// A person's random keys on the gate-level netlist.
    Netlist,
    /// Random keys on a core with random power-up values.
    PowerUp,
}

impl Kind {
    /// The largest budget of a job of this kind (see the list file's
    /// header for what it counts): the bound of the option that runs the
    /// same by hand.
    pub fn budget_max(self) -> u64 {
        use crate::infra::bounds::{FUZZ_KEYS, KBD_BYTES, ROUNDS, SCRIPT_KEYS};
        match self {
            Kind::Fuzz | Kind::FuzzVideo => FUZZ_KEYS,
            Kind::Kbd => KBD_BYTES,
            Kind::Machines => ROUNDS,
            Kind::PersonVsMachine | Kind::Netlist | Kind::PowerUp => SCRIPT_KEYS,
        }
    }

    /// The name the list uses.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Fuzz => "fuzz",
            Kind::FuzzVideo => "fuzz-video",
            Kind::Kbd => "kbd",
            Kind::Machines => "machines",
            Kind::PersonVsMachine => "person-vs-machine",
            Kind::Netlist => "netlist",
            Kind::PowerUp => "power-up",
        }
    }
}

/// A tier of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Tier {
    /// What CI runs: minutes.
    Smoke,
    /// 10–100 times deeper.
    Nightly,
}

impl Tier {
    /// The name the list uses.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Smoke => "smoke",
            Tier::Nightly => "nightly",
        }
    }
}

/// One tier's setting of a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct TierRun {
    /// Seeds (jobs) of the test.
    pub seeds: u32,
    /// Each job's budget (keys, bytes, rounds: see [`Kind`]).
    pub budget: u64,
}

/// A test of the list.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct TestDef {
    /// Its name: unique, letters, digits and `-`.
    pub name: String,
    /// The kind of run.
    pub kind: Kind,
    /// CI's setting.
    pub smoke: TierRun,
    /// The nightly setting.
    pub nightly: TierRun,
}

impl TestDef {
    /// The setting for `tier`.
    pub fn tier(&self, tier: Tier) -> TierRun {
        match tier {
            Tier::Smoke => self.smoke,
            Tier::Nightly => self.nightly,
        }
    }
}

/// The regression list.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct List {
    /// The tests, in order.
    #[serde(rename = "test")]
    pub tests: Vec<TestDef>,
}

/// The seeds of a test (hours, not years).
const SEEDS_MAX: u32 = crate::infra::bounds::SEEDS as u32;

impl List {
    /// Reads and checks a list file: TOML errors name the line and column,
    /// and a test with a bad name, a repeated name or an out-of-range setting
    /// is named.
    pub fn read(path: &Path) -> Result<List, AppError> {
        let name = shown_path(path);
        let bytes = crate::infra::inputs::read_regular(path, LIST_MAX).map_err(|source| {
            AppError::Read {
                path: name.clone(),
                source,
            }
        })?;
        let text = String::from_utf8(bytes)
            .map_err(|_| AppError::Usage(format!("{name}: not UTF-8 text")))?;
        Self::parse(&name, &text)
    }

    /// [`List::read`] of text already read (`name` for messages).
    pub fn parse(name: &str, text: &str) -> Result<List, AppError> {
        let list: List = toml::from_str(text).map_err(|e| {
            let at = e
                .span()
                .map(|s| {
                    let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                    format!("line {line}: ")
                })
                .unwrap_or_default();
            AppError::Usage(format!(
                "{name}: {at}{}",
                e.message().trim().replace('\n', " ")
            ))
        })?;
        let mut seen = std::collections::BTreeSet::new();
        for t in &list.tests {
            let bad = |why: String| {
                AppError::Usage(format!(
                    "{name}: test `{}`: {why}",
                    generals_maps::shown(&t.name)
                ))
            };
            if t.name.is_empty()
                || !t
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            {
                return Err(bad("a name is letters, digits and `-`".into()));
            }
            if !seen.insert(t.name.clone()) {
                return Err(bad("named twice".into()));
            }
            for (tier, run) in [("smoke", t.smoke), ("nightly", t.nightly)] {
                let budget_max = t.kind.budget_max();
                if run.seeds > SEEDS_MAX || run.budget > budget_max {
                    return Err(bad(format!(
                        "{tier}: seeds 0 … {SEEDS_MAX}, budget 0 … {budget_max} for a {} test",
                        t.kind.name()
                    )));
                }
            }
        }
        if list.tests.is_empty() {
            return Err(AppError::Usage(format!("{name}: no [[test]] in it")));
        }
        Ok(list)
    }

    /// The test named `name`.
    pub fn test(&self, name: &str) -> Option<&TestDef> {
        self.tests.iter().find(|t| t.name == name)
    }

    /// A hash of the list's content (shards of another list are not merged).
    pub fn hash(&self) -> String {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        serde_json::to_string(self).unwrap_or_default().hash(&mut h);
        format!("{:016x}", h.finish())
    }
}

/// One job of a regression: a test's seed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The test.
    pub test: String,
    /// Its kind.
    pub kind: Kind,
    /// Which of the test's seeds (0, 1, …).
    pub index: u32,
    /// The seed.
    pub seed: u64,
    /// Its budget.
    pub budget: u64,
}

impl Job {
    /// Checks a job read from a file (a shard's results, a worker's
    /// `job.json`): a test name as a list has it, an index below the seed
    /// bound, a budget within its kind's.
    pub fn check(&self) -> Result<(), String> {
        if self.test.is_empty()
            || !self
                .test
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        {
            return Err(format!(
                "test `{}`: a name is letters, digits and `-`",
                generals_maps::shown(&self.test)
            ));
        }
        if self.index >= SEEDS_MAX {
            return Err(format!("index {}: 0 … {}", self.index, SEEDS_MAX - 1));
        }
        if self.budget > self.kind.budget_max() {
            return Err(format!(
                "budget {}: 0 … {} for a {} job",
                self.budget,
                self.kind.budget_max(),
                self.kind.name()
            ));
        }
        Ok(())
    }
}

/// A job's seed: the master seed mixed with the test's name and the index
/// (SplitMix64 of the three), so that a job's seed does not depend on the
/// other tests or on the seed count.
pub fn job_seed(master: u64, test: &str, index: u32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325; // FNV-1a of the name
    for b in test.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut z = master ^ h ^ u64::from(index).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Every job of `tier` (with `seeds` overriding each test's count), in the
/// list's order, then by index; with a shard `(k, n)`, every n-th of them
/// from the k-th (1-based).
pub fn jobs(
    list: &List,
    tier: Tier,
    seeds: Option<u32>,
    master: u64,
    only: &[String],
    shard: Option<(u32, u32)>,
) -> Vec<Job> {
    let all = list
        .tests
        .iter()
        .filter(|t| only.is_empty() || only.contains(&t.name))
        .flat_map(|t| {
            let run = t.tier(tier);
            (0..seeds.unwrap_or(run.seeds)).map(move |i| Job {
                test: t.name.clone(),
                kind: t.kind,
                index: i,
                seed: job_seed(master, &t.name, i),
                budget: run.budget,
            })
        });
    match shard {
        None => all.collect(),
        Some((k, n)) => all
            .enumerate()
            .filter(|(i, _)| (*i as u64) % u64::from(n) == u64::from(k - 1))
            .map(|(_, j)| j)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_list_reads() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("farm/list.toml");
        let list = List::read(&path).expect("the committed list");
        assert!(list.test("fuzz").is_some());
        for t in &list.tests {
            assert!(t.nightly.seeds >= t.smoke.seeds, "{}", t.name);
        }
    }

    #[test]
    fn list_errors_name_the_line() {
        let e = List::parse("l.toml", "[[test]]\nname = \"a\"\nkind = \"fuzz\"\nsmoke = { seeds = 1, budget = 1 }\nnightly = { seeds = 1, budget = x }\n")
            .expect_err("syntax");
        assert!(e.to_string().contains("l.toml: line 5"), "{e}");
        let e = List::parse("l.toml", "[[test]]\nname = \"a\"\nkind = \"dance\"\nsmoke = { seeds = 1, budget = 1 }\nnightly = { seeds = 1, budget = 1 }\n")
            .expect_err("unknown kind");
        assert!(
            e.to_string().contains("line 3") && e.to_string().contains("dance"),
            "{e}"
        );
    }

    #[test]
    fn shards_partition_the_jobs() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("farm/list.toml");
        let list = List::read(&path).expect("list");
        let all = jobs(&list, Tier::Smoke, None, 7, &[], None);
        let mut union: Vec<Job> = (1..=3)
            .flat_map(|k| jobs(&list, Tier::Smoke, None, 7, &[], Some((k, 3))))
            .collect();
        union.sort_by_key(|j| (j.test.clone(), j.index));
        let mut sorted = all.clone();
        sorted.sort_by_key(|j| (j.test.clone(), j.index));
        assert_eq!(union, sorted);
        assert_ne!(job_seed(7, "fuzz", 0), job_seed(7, "fuzz", 1));
        assert_eq!(
            job_seed(7, "fuzz", 0),
            all[0].seed,
            "seeds depend on the master seed alone"
        );
    }
}
