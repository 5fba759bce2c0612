//! The coverage measurement can fail: a run that leaves out a stimulus
//! leaves that stimulus's bins uncovered, and the floor check names them.
//! And coverage files that are not this build's are refused by name, with
//! nothing written.

use generals::env::coverage::functional::{self, bins, Hits};
use generals::env::coverage::report::{Floor, Report};
use generals::env::sequence::FuzzMix;
use generals::run::fuzz::{fuzz, FuzzOptions};
use generals_maps::committed_maps;
use std::process::Command;

/// A fuzz run's bins, collected on this test's thread.
fn fuzz_bins(seed: u64, mix: FuzzMix) -> Hits {
    let _ = functional::take(); // this thread's collector starts empty
    fuzz(
        committed_maps(),
        &FuzzOptions {
            seed,
            keys: 250,
            video: false,
            quiet: true,
            mix,
        },
        generals::env::check_thread::Threads::One,
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    functional::take()
}

fn report_of(hits: &Hits) -> Report {
    let mut r = Report::default();
    for (id, &n) in &hits.counts {
        let t = r.bins.entry(id.clone()).or_default();
        t.hits = n;
        t.tests.insert("this test".into());
    }
    r
}

const ALL_BINS: Floor = Floor {
    lines: 0.0,
    branches: 0.0,
    cover_points: 0.0,
    toggles: 0.0,
    bins: 100.0,
};

#[test]
fn leaving_out_the_ps2_faults_leaves_their_bins_uncovered_and_fails_the_floor() {
    let fault_bins = [
        "ps2/bad_parity",
        "ps2/stop_zero",
        "ps2/truncated",
        "ps2/glitch",
    ];
    let with = fuzz_bins(21, FuzzMix::default());
    for b in fault_bins {
        assert!(with.get(b) > 0, "the fuzz with faults hits {b}: {with:?}");
    }
    let without = fuzz_bins(
        21,
        FuzzMix {
            faults: false,
            machine: true,
        },
    );
    for b in fault_bins {
        assert_eq!(without.get(b), 0, "{b} hit without faults");
    }
    let below = report_of(&without).below(&ALL_BINS);
    assert_eq!(below.len(), 1, "{below:?}");
    for b in fault_bins {
        assert!(
            below[0].contains(b),
            "the floor check names {b}: {}",
            below[0]
        );
    }
    // And with the machine left out, its bins go too.
    let no_machine = fuzz_bins(
        22,
        FuzzMix {
            faults: true,
            machine: false,
        },
    );
    assert_eq!(no_machine.get("machine/command_red"), 0);
    assert_eq!(no_machine.get("machine/command_blue"), 0);
}

#[test]
fn a_bin_is_counted_only_when_hit() {
    let mut r = Report::default();
    let floor = ALL_BINS;
    let all = bins().len();
    assert!(all > 250, "{all} bins");
    assert!(!r.below(&floor).is_empty(), "nothing hit: below the floor");
    for b in bins() {
        r.bins.entry(b.id).or_default().hits = 1;
    }
    assert!(r.below(&floor).is_empty(), "everything hit");
    r.bins.get_mut("map/042").expect("a bin").hits = 0;
    let below = r.below(&floor);
    assert!(below[0].contains("map/042"), "{below:?}");
}

/// `generals coverage report` on a file that is no coverage file: exit 2,
/// the file named, no report written.
#[test]
fn a_corrupt_coverage_file_is_refused_by_name() {
    let dir = std::env::temp_dir().join(format!("generals-cov-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let raw = dir.join("raw");
    std::fs::create_dir_all(&raw).expect("dir");
    std::fs::write(
        raw.join("run.bins.json"),
        "{\"format\":\"generals-coverage-1\"}",
    )
    .expect("write");
    let out = dir.join("report");
    let o = Command::new(env!("CARGO_BIN_EXE_generals"))
        .args(["coverage", "report"])
        .arg(&raw)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("run.bins.json") && err.contains("nothing was merged"),
        "{err}"
    );
    assert!(!out.exists(), "no report written");
    std::fs::write(raw.join("run.bins.json"), "not json at all").expect("write");
    std::fs::write(raw.join("x.dat"), "# SystemC::Coverage-3\nC 'garbage' 1\n").expect("write");
    let o = Command::new(env!("CARGO_BIN_EXE_generals"))
        .args(["coverage", "report"])
        .arg(&raw)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists(), "no report written");
    let _ = std::fs::remove_dir_all(&dir);
}
