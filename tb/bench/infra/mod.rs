//! **Infrastructure**, below everything else: every output written under one
//! rule ([`outputs`]), the files the bench reads ([`inputs`]), the bounds of
//! every count ([`bounds`]), a failed check's report ([`mismatch`]) and
//! progress lines ([`progress`]). Nothing here knows the design.

pub mod bounds;
pub mod inputs;
pub mod mismatch;
pub mod outputs;
pub mod progress;
