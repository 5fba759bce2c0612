//! Output paths checked before a run starts, so that a path that cannot be
//! written fails in a second with its name, not after minutes of simulation,
//! and standard output that fails or closes never panics.

use crate::error::AppError;
use std::fs::{File, OpenOptions};
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

/// Writes `text` and a newline to standard output. A reader that closed the
/// pipe gives [`AppError::ClosedPipe`]; any other failure (a full disk) is an
/// [`AppError::Output`].
pub fn emit(text: &str) -> Result<(), AppError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(AppError::stdout)
}

/// Writes a line to standard error, ignoring failure (a message about a
/// failure must not itself fail).
pub fn note(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// A file that the run will write at its end, opened (not emptied) before the
/// run: an existing file keeps its content until [`LateFile::write`], and a
/// file this check created is removed again if the run never writes it.
#[derive(Debug)]
pub struct LateFile {
    path: PathBuf,
    file: Option<File>,
    created: bool,
}

impl LateFile {
    /// Opens `path` for writing, creating it if needed.
    pub fn open(path: &Path) -> Result<Self, AppError> {
        let existed = path.exists();
        if path.is_dir() {
            return Err(AppError::write(
                path.display().to_string(),
                std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a folder"),
            ));
        }
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| AppError::write(path.display().to_string(), e))?;
        Ok(Self {
            path: path.to_path_buf(),
            file: Some(file),
            created: !existed,
        })
    }

    /// Replaces the file's content with `text`.
    pub fn write(mut self, text: &str) -> Result<(), AppError> {
        let err = |e| AppError::write(self.path.display().to_string(), e);
        let Some(mut f) = self.file.take() else {
            return Ok(());
        };
        // A regular file is emptied first; a device or a pipe (/dev/stdout,
        // /dev/null) cannot be, and is written as it is.
        if f.metadata().map_err(err)?.is_file() {
            f.set_len(0).map_err(err)?;
            f.rewind().map_err(err)?;
        }
        f.write_all(text.as_bytes())
            .and_then(|()| f.flush())
            .map_err(err)
    }
}

impl Drop for LateFile {
    fn drop(&mut self) {
        if self.file.take().is_some() && self.created {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Checks that folder `dir` exists or can be created, leaving the file
/// system as it was: folders made for the check are removed again.
pub fn check_dir(dir: &Path) -> Result<(), AppError> {
    let not_dir = || {
        std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            "exists and is not a folder",
        )
    };
    if dir.exists() {
        return if dir.is_dir() {
            Ok(())
        } else {
            Err(AppError::write(dir.display().to_string(), not_dir()))
        };
    }
    // The folders that do not exist yet, deepest first.
    let mut made: Vec<&Path> = Vec::new();
    let mut p = Some(dir);
    while let Some(d) = p.filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        made.push(d);
        p = d.parent();
    }
    std::fs::create_dir_all(dir).map_err(|e| AppError::write(dir.display().to_string(), e))?;
    for d in made {
        let _ = std::fs::remove_dir(d);
    }
    Ok(())
}

/// Checks that file `path` can be created (its folder exists or can be made,
/// and the path is not a folder), without creating it.
pub fn check_file(path: &Path) -> Result<(), AppError> {
    if path.is_dir() {
        return Err(AppError::write(
            path.display().to_string(),
            std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a folder"),
        ));
    }
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => check_dir(d),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("generals-outputs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp dir");
        d
    }

    #[test]
    fn a_checked_folder_is_not_left_behind() {
        let d = scratch("dir");
        let deep = d.join("a/b/c");
        check_dir(&deep).expect("creatable");
        assert!(!d.join("a").exists(), "the check made no folder");
        std::fs::write(d.join("file"), "x").expect("write");
        let e = check_dir(&d.join("file")).expect_err("a file is not a folder");
        assert_eq!(e.exit_code(), 3, "an output that cannot be written");
        assert!(e.to_string().contains("not a folder"), "{e}");
        let e = check_dir(&d.join("file/sub")).expect_err("below a file");
        assert_eq!(e.exit_code(), 3);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_late_file_keeps_old_content_until_written_and_vanishes_unwritten() {
        let d = scratch("late");
        let p = d.join("state.json");
        std::fs::write(&p, "old").expect("write");
        drop(LateFile::open(&p).expect("opens"));
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "old");
        LateFile::open(&p)
            .expect("opens")
            .write("new\n")
            .expect("writes");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "new\n");
        let q = d.join("fresh.json");
        drop(LateFile::open(&q).expect("opens"));
        assert!(!q.exists(), "an unwritten new file is removed");
        assert!(LateFile::open(&d).is_err(), "a folder is refused");
        let _ = std::fs::remove_dir_all(&d);
    }
}
