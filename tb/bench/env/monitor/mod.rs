//! **Monitors**: turn pin wiggles back into transactions (VGA pins → frames,
//! the debug port → a game state).

pub mod raster;
pub mod state;
pub mod vesa;
