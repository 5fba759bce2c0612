//! `generals mutant`: the generated mutants' check set on some of them.

use super::{count, emit, maps};
use clap::Args;
use generals::env::dut::{CoreDut, NoNetlist};
use generals::error::AppError;
use generals::infra::outputs::Plan;
use generals::run::mutant;
use std::path::PathBuf;

/// The options of `generals mutant`.
#[derive(Args)]
pub struct MutantArgs {
    /// The mutants to check: K, or K..L (both included; 0 is the design
    /// without a mutation, which must pass).
    #[arg(value_name = "K[..L]", value_parser = range)]
    mutants: (u32, u32),
    /// Folder for the expected/actual/diff pictures of a display mismatch.
    #[arg(
        long,
        default_value = "out/mutants/generated/mismatch",
        value_name = "DIR"
    )]
    mismatch_dir: PathBuf,
}

/// `K` or `K..L` (K ≤ L), each 0 … 2^32 − 1.
fn range(s: &str) -> Result<(u32, u32), String> {
    let one = |t: &str| count(0, u64::from(u32::MAX))(t).map(|n| n as u32);
    let (k, l) = match s.split_once("..") {
        Some((a, b)) => (one(a)?, one(b)?),
        None => (one(s)?, one(s)?),
    };
    if k > l {
        return Err(format!(
            "{k}..{l} is empty: the first mutant comes after the last"
        ));
    }
    Ok((k, l))
}

/// `generals mutant K[..L]`: one JSON line a mutant.
pub fn mutant(a: MutantArgs) -> Result<(), AppError> {
    let mut plan = Plan::new();
    plan.folder("--mismatch-dir", &a.mismatch_dir)?.keep();
    // The whole range is checked before the first mutant runs.
    let (first, last) = a.mutants;
    match CoreDut::generated_mutants() {
        0 => return Err(NoNetlist::Generated.into()),
        held if last > held => return Err(NoNetlist::NoSuchMutant(last, held).into()),
        _ => {}
    }
    let maps = maps();
    for k in first..=last {
        let v = mutant::check(maps.clone(), k, &a.mismatch_dir)?;
        emit(&v.to_json())?;
    }
    Ok(())
}
