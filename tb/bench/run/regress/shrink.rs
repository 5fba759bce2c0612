//! Shrinking a failure (`generals regress shrink`): delta debugging (Zeller
//! and Hildebrandt's ddmin) over a failed job's actions — the fuzz's keys,
//! faults, RESETs, START presses and switch changes, or a key script's
//! steps — keeping only subsets that still fail with the same signature,
//! down to a set from which no single action can be left out. The result
//! is written as a key script that `generals play` replays when the
//! actions fit one (clean keys, one map), else as a replay file of its own;
//! either is checked to fail the same way once more, with a waveform of
//! that run saved beside it.

use super::job::{self, play_options, play_replay, Status, ACTIONS, SCRIPT};
use super::list::{Job, Kind};
use crate::env::driver::ps2::Fault;
use crate::env::sequence::FuzzAction;
use crate::error::AppError;
use crate::run::fuzz::{self, FuzzReplay, RunExtras, Taken};
use crate::run::play;
use generals_golden::script::{parse_script, Action, Key, Step};
use generals_maps::Map;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The smallest failing subset of `items` that ddmin finds: `fails` says
/// whether a candidate still fails the same way. Stops early (with the
/// best so far) after `budget` of wall time.
pub fn ddmin<T: Clone>(
    items: Vec<T>,
    budget: Duration,
    mut fails: impl FnMut(&[T]) -> bool,
) -> (Vec<T>, u32) {
    let started = Instant::now();
    let mut tries = 0u32;
    let mut cur = items;
    let mut n = 2usize;
    while cur.len() >= 2 && started.elapsed() < budget {
        let chunk = cur.len().div_ceil(n);
        let parts: Vec<Vec<T>> = cur.chunks(chunk).map(<[T]>::to_vec).collect();
        let mut reduced = false;
        // A part alone, then the rest without a part.
        for part in &parts {
            tries += 1;
            if fails(part) {
                cur = part.clone();
                n = 2;
                reduced = true;
                break;
            }
        }
        if !reduced {
            for i in 0..parts.len() {
                if started.elapsed() >= budget {
                    break;
                }
                let rest: Vec<T> = parts
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .flat_map(|(_, p)| p.iter().cloned())
                    .collect();
                tries += 1;
                if fails(&rest) {
                    cur = rest;
                    n = (n - 1).max(2);
                    reduced = true;
                    break;
                }
            }
        }
        if !reduced {
            if n >= cur.len() {
                break;
            }
            n = (2 * n).min(cur.len());
        }
    }
    (cur, tries)
}

/// What the shrinking found (`shrink.json` in the group's folder).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Shrunk {
    /// The signature it kept.
    pub signature: String,
    /// Actions (or script steps) before and after.
    pub before: usize,
    /// See `before`.
    pub after: usize,
    /// Keys in the result (a person's key presses).
    pub keys: usize,
    /// Runs tried.
    pub tries: u32,
    /// The key script (`shrunk.keys`) or replay file (`shrunk.json`).
    pub file: String,
    /// The command that replays it.
    pub replay: String,
    /// The waveform of the shrunk run, failing.
    pub wave: Option<String>,
    /// The shrunk run failed once more with the same signature.
    pub confirmed: bool,
    /// The shrinking stopped at its time budget.
    pub out_of_time: bool,
}

/// The signature a run fails with, if it fails.
fn failure(r: Result<(), AppError>) -> Option<String> {
    match r {
        Err(AppError::Mismatch(m)) => Some(job::signature(&m.signal)),
        _ => None,
    }
}

/// Shrinks the failure of `job`, whose folder is `dir` (with its saved
/// actions or script) and whose signature is `signature`; writes the result
/// into `out`.
pub fn shrink(
    job: &Job,
    signature: &str,
    dir: &Path,
    out: &Path,
    maps: Vec<Map>,
    budget: Duration,
) -> Result<Shrunk, AppError> {
    crate::infra::outputs::OutDir::unchecked(out).make()?;
    let scratch = out.join("attempt");
    match job.kind {
        Kind::Fuzz | Kind::FuzzVideo => {
            let rec = fuzz::read_replay(&dir.join(ACTIONS))?;
            let extras = RunExtras {
                trace: None,
                mismatch_dir: Some(scratch.clone()),
                ..Default::default()
            };
            let run = |acts: &[Taken]| {
                let r = FuzzReplay {
                    actions: acts.to_vec(),
                    ..rec.clone()
                };
                failure(fuzz::replay(maps.clone(), &r, true, &extras).map(drop))
            };
            let before = rec.actions.len();
            let started = Instant::now();
            let (min, tries) = ddmin(rec.actions.clone(), budget, |a| {
                run(a).as_deref() == Some(signature)
            });
            let out_of_time = started.elapsed() >= budget;
            let shrunk = FuzzReplay {
                actions: min,
                ..rec.clone()
            };
            finish_fuzz(signature, &shrunk, out, maps, before, tries, out_of_time)
        }
        Kind::Machines | Kind::PersonVsMachine | Kind::Netlist | Kind::PowerUp => {
            let text = crate::infra::inputs::read_regular(&dir.join(SCRIPT), 16 << 20)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            let steps = parse_script(&text).map_err(|source| AppError::Script {
                name: dir.join(SCRIPT).display().to_string(),
                source,
            })?;
            let run = |s: &[Step]| {
                failure(
                    play::play(maps.clone(), &play_options(job, s.to_vec(), &scratch, None))
                        .map(drop),
                )
            };
            let before = steps.len();
            let started = Instant::now();
            let (min, tries) = ddmin(steps, budget, |s| run(s).as_deref() == Some(signature));
            let out_of_time = started.elapsed() >= budget;
            let file = out.join("shrunk.keys");
            write(&file, &job::script_text(&min))?;
            let wave = out.join("wave.fst");
            let again = failure(
                play::play(
                    maps,
                    &play_options(job, min.clone(), &scratch, Some(wave.clone())),
                )
                .map(drop),
            );
            Ok(Shrunk {
                signature: signature.to_string(),
                before,
                after: min.len(),
                keys: min
                    .iter()
                    .filter(|s| matches!(s.action, Action::Key(_) | Action::Raw(_)))
                    .count(),
                tries,
                file: file.display().to_string(),
                replay: play_replay(job, Some(&file)),
                wave: wave.exists().then(|| wave.display().to_string()),
                confirmed: again.as_deref() == Some(signature),
                out_of_time,
            })
        }
        Kind::Kbd => Err(AppError::Usage(
            "a keyboard job is not shrunk: replay it with its command".into(),
        )),
    }
}

/// Writes a file of the shrinking's own into its folder: replaced whole,
/// never written through a link planted at its name.
fn write(path: &Path, text: &str) -> Result<(), AppError> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Err(AppError::Usage(format!(
            "{}: not a file's path",
            generals_maps::shown_path(path)
        )));
    };
    crate::infra::outputs::OutDir::unchecked(dir)
        .write(&name.to_string_lossy(), text.as_bytes())?;
    Ok(())
}

/// Writes a shrunk fuzz run: as a key script if it fits one and replays the
/// same failure through `generals play`, else as a replay file; then runs it
/// once more with a waveform.
#[allow(clippy::too_many_arguments)]
fn finish_fuzz(
    signature: &str,
    shrunk: &FuzzReplay,
    out: &Path,
    maps: Vec<Map>,
    before: usize,
    tries: u32,
    out_of_time: bool,
) -> Result<Shrunk, AppError> {
    let wave = out.join("wave.fst");
    let keys = shrunk
        .actions
        .iter()
        .filter(|t| matches!(t.action, FuzzAction::Key { .. }))
        .count();
    let scratch = out.join("attempt");
    if let Some((map, switches, steps)) = as_script(&shrunk.actions) {
        let mut opts = play::PlayOptions {
            map,
            steps: steps.clone(),
            trace: Some(wave.clone()),
            frames: play::FrameOptions {
                mismatch_dir: scratch.clone(),
                ..play::FrameOptions::default()
            },
            pace: 0,
            seed: shrunk.seed ^ 0xF00D,
            quiet: true,
            seats: generals_golden::machine::Seats::from_switches(switches),
            max_rounds: None,
            model: crate::env::dut::CoreModel::Rtl,
            init_seed: 0,
        };
        if shrunk.video {
            opts.frames.mismatch_dir = scratch.clone();
        }
        let again = failure(play::play(maps.clone(), &opts).map(drop));
        if again.as_deref() == Some(signature) {
            let file = out.join("shrunk.keys");
            write(&file, &job::script_text(&steps))?;
            let machine = if opts.seats == generals_golden::machine::Seats::PEOPLE {
                String::new()
            } else {
                format!(" --machine {}", job::machine_arg(opts.seats))
            };
            return Ok(Shrunk {
                signature: signature.to_string(),
                before,
                after: shrunk.actions.len(),
                keys,
                tries,
                file: file.display().to_string(),
                replay: format!(
                    "generals play --map {map} --seed {}{machine} --script {} --quiet",
                    shrunk.seed ^ 0xF00D,
                    generals_maps::shown_path(&file)
                ),
                wave: wave.exists().then(|| wave.display().to_string()),
                confirmed: true,
                out_of_time,
            });
        }
        let _ = std::fs::remove_file(&wave);
    }
    let file = out.join("shrunk.json");
    write(
        &file,
        &serde_json::to_string_pretty(shrunk).unwrap_or_default(),
    )?;
    let extras = RunExtras {
        trace: Some(wave.clone()),
        mismatch_dir: Some(scratch),
        ..Default::default()
    };
    let again = failure(fuzz::replay(maps, shrunk, true, &extras).map(drop));
    Ok(Shrunk {
        signature: signature.to_string(),
        before,
        after: shrunk.actions.len(),
        keys,
        tries,
        file: file.display().to_string(),
        replay: format!(
            "generals regress replay {}",
            generals_maps::shown_path(&file)
        ),
        wave: wave.exists().then(|| wave.display().to_string()),
        confirmed: again.as_deref() == Some(signature),
        out_of_time,
    })
}

/// The fuzz actions as a key script for `generals play --map M`, if they
/// fit one: the first action a START, every START for the same map and
/// switches, every key a clean make and break (or clean raw bytes). The
/// keyboard's timing changes and the presses' bounces are left out (the
/// script is checked to fail the same way before it is kept).
fn as_script(actions: &[Taken]) -> Option<(u8, u8, Vec<Step>)> {
    let (map, switches) = match &actions.first()?.action {
        FuzzAction::Start { map, switches, .. } => (*map, *switches),
        _ => return None,
    };
    let mut steps = Vec::new();
    for (i, t) in actions.iter().enumerate().skip(1) {
        let action = match &t.action {
            FuzzAction::Start {
                map: m,
                switches: s,
                ..
            } if (*m, *s) == (map, switches) => Action::Start,
            FuzzAction::Start { .. } => return None,
            FuzzAction::Reset(_) => Action::Reset,
            FuzzAction::Key { frames, .. } => {
                if frames.iter().any(|(_, f)| *f != Fault::None) {
                    return None;
                }
                let bytes: Vec<u8> = frames.iter().map(|(b, _)| *b).collect();
                match Key::TOKENS.iter().find(|(k, _)| k.press_release() == bytes) {
                    Some((k, _)) => Action::Key(*k),
                    None => Action::Raw(bytes),
                }
            }
        };
        steps.push(Step { line: i, action });
    }
    Some((map, switches, steps))
}

/// The folder a group's shrinking writes to.
pub fn group_dir(out: &Path, n: usize) -> PathBuf {
    out.join(group_name(n))
}

/// The folder of failure group `n` (0-based), relative to the results'
/// folder.
pub fn group_name(n: usize) -> String {
    format!("groups/{:02}", n + 1)
}

/// A job's status as shrinking needs it.
pub fn shrinkable(kind: Kind, status: Status) -> bool {
    status == Status::Fail && kind != Kind::Kbd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddmin_finds_the_two_that_matter() {
        let items: Vec<u32> = (0..100).collect();
        let (min, tries) = ddmin(items, Duration::from_secs(10), |s| {
            s.contains(&17) && s.contains(&64)
        });
        assert_eq!(min, vec![17, 64]);
        assert!(tries < 200, "{tries} tries");
    }

    #[test]
    fn ddmin_keeps_one_that_fails_alone() {
        let (min, _) = ddmin(
            (0..10).collect::<Vec<u32>>(),
            Duration::from_secs(10),
            |s| s.contains(&3),
        );
        assert_eq!(min, vec![3]);
    }
}
