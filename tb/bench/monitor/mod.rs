//! **Monitors**: turn pin wiggles back into transactions (VGA pins → frames).

pub mod vesa;
pub mod vga;
