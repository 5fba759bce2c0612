//! The **runs** behind the command line, one module each: a scripted game
//! and the keyboard session ([`play`]: `play`, `demo`, `kbd`), the random
//! regression ([`fuzz`]), the live window ([`live`]), the speed benchmark
//! ([`speed`]) and the regression farm ([`regress`]). Each returns a report
//! or a typed error; the CLI (`cli/`) prints it.

pub mod fuzz;
pub mod live;
pub mod mutant;
pub mod play;
pub mod regress;
pub mod speed;
