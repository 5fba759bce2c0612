//! Every file and folder a command writes goes through this module, under
//! one rule:
//!
//! - a **regular file** is created or replaced atomically: the run writes a
//!   temporary file with a unique name, created exclusively in the same
//!   folder, and renames it over the path only once the output is complete;
//!   a file that is replaced keeps its permissions;
//! - a **device or FIFO** (`/dev/stdout`, `/dev/null`, a named pipe) is
//!   written into in place, never replaced; `-` is standard output; a full
//!   device is an output error (exit 3), a reader that has gone ends quietly;
//! - an existing **symbolic link** is written through to what it names; a
//!   link to nothing is refused;
//! - a failed or interrupted run (SIGINT, SIGTERM, SIGHUP) removes only what
//!   it made itself: its temporary files and the folders it created that are
//!   still empty; never a link, never a file it did not make;
//! - every output is checked before the run ([`Plan`]), and two outputs on
//!   one path are refused then.
//!
//! Standard output and error: [`emit`] and [`note`].

use crate::error::AppError;
use generals_maps::shown_path;
use std::fs::{File, Metadata, OpenOptions, Permissions};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tempfile::NamedTempFile;

/// Writes `text` and a newline to standard output. A reader that closed the
/// pipe gives [`AppError::ClosedPipe`]; any other failure (a full disk) is an
/// [`AppError::Output`].
pub fn emit(text: &str) -> Result<(), AppError> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(AppError::stdout)
}

/// Writes a line to standard error, ignoring failure (a message about a
/// failure must not itself fail).
pub fn note(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{text}");
}

/// How an output is named in messages: the option and the path, with
/// control characters escaped (`--gif out/g.gif`).
fn label(option: &str, path: &Path) -> String {
    if option.is_empty() {
        shown_path(path)
    } else {
        format!("{option} {}", shown_path(path))
    }
}

fn io_err(kind: io::ErrorKind, text: &str) -> io::Error {
    io::Error::new(kind, text.to_string())
}

/// Where an output's bytes end up.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dest {
    /// Standard output (`-`).
    Stdout,
    /// A device, FIFO or socket, written into in place (opened by the name
    /// given, so `/dev/stdout` reaches this process's standard output).
    Stream(PathBuf),
    /// A regular file (the path after following links), replaced atomically.
    File(PathBuf),
}

/// What identifies an output's destination, to refuse two outputs on one.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Stdout,
    /// An existing file, folder or device: device and inode numbers.
    Inode(u64, u64),
    /// A path that does not exist yet, made absolute with its existing
    /// ancestors' links resolved.
    Path(PathBuf),
}

/// The outputs of one command, checked before the run.
#[derive(Debug, Default)]
pub struct Plan {
    taken: Vec<(Key, String)>,
}

impl Plan {
    /// No outputs yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A file output given by `option` (an empty option: a file the command
    /// names itself). Refuses, with the option and the path named: an empty
    /// path, a folder, a path ending in `/`, a link to nothing, a folder that
    /// cannot be made or written, a path another output already uses.
    pub fn file(&mut self, option: &str, path: &Path) -> Result<OutFile, AppError> {
        let out = OutFile::check(option, path)?;
        self.claim(out.key()?, option, path)?;
        Ok(out)
    }

    /// A folder output (`--frames`, `--mismatch-dir`, `--out`): it exists or
    /// can be made; nothing is made until the run writes into it.
    pub fn folder(&mut self, option: &str, path: &Path) -> Result<OutDir, AppError> {
        let dir = OutDir::check(option, path)?;
        self.claim(key_of(path), option, path)?;
        Ok(dir)
    }

    fn claim(&mut self, key: Key, option: &str, path: &Path) -> Result<(), AppError> {
        if let Some((_, other)) = self.taken.iter().find(|(k, _)| *k == key) {
            return Err(AppError::Usage(format!(
                "{} and {other} name the same destination: give each output its own path",
                label(option, path)
            )));
        }
        self.taken.push((key, label(option, path)));
        Ok(())
    }
}

/// The identity of `path`'s destination (following links).
fn key_of(path: &Path) -> Key {
    if path.as_os_str() == "-" {
        return Key::Stdout;
    }
    if let Ok(m) = std::fs::metadata(path) {
        return Key::Inode(m.dev(), m.ino());
    }
    Key::Path(absolute(path))
}

/// `path` made absolute: its longest existing ancestor canonicalised, the
/// rest appended without `.` and with `..` applied.
fn absolute(path: &Path) -> PathBuf {
    let base = std::env::current_dir().unwrap_or_default().join(path);
    let parts: Vec<Component> = base.components().collect();
    for k in (1..=parts.len()).rev() {
        let prefix: PathBuf = parts[..k].iter().collect();
        let Ok(mut out) = prefix.canonicalize() else {
            continue;
        };
        for c in &parts[k..] {
            match c {
                Component::ParentDir => {
                    out.pop();
                }
                Component::Normal(n) => out.push(n),
                _ => {}
            }
        }
        return out;
    }
    base
}

/// Refuses a path that names a folder by its form: empty, or ending in `/`.
fn file_form(option: &str, path: &Path) -> Result<(), AppError> {
    let text = path.as_os_str().as_encoded_bytes();
    if text.is_empty() {
        return Err(AppError::Usage(format!(
            "{option}: the path is empty; give a file's path"
        )));
    }
    if text.ends_with(b"/") || path.ends_with(".") || path.ends_with("..") {
        let dir = path.to_path_buf();
        let why = if dir.is_dir() {
            "names a folder; give a file's path (a name in that folder)".to_string()
        } else {
            format!(
                "ends in `/`, so it names a folder, and there is no folder {}; give a file's path",
                shown_path(&dir)
            )
        };
        return Err(AppError::Usage(format!("{}: {why}", label(option, path))));
    }
    Ok(())
}

/// A file output, checked (see [`Plan::file`]); [`OutFile::stage`] or
/// [`OutFile::write`] produce it.
#[derive(Clone, Debug)]
pub struct OutFile {
    option: String,
    given: PathBuf,
    dest: Dest,
}

impl OutFile {
    fn check(option: &str, path: &Path) -> Result<Self, AppError> {
        let this = |dest| {
            Ok(Self {
                option: option.to_string(),
                given: path.to_path_buf(),
                dest,
            })
        };
        if path.as_os_str() == "-" {
            return this(Dest::Stdout);
        }
        file_form(option, path)?;
        let cannot = |e: io::Error| AppError::write(label(option, path), e);
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Err(cannot(io_err(
                io::ErrorKind::IsADirectory,
                "is a folder; give a file's path",
            ))),
            Ok(m) if m.is_file() => {
                let real = path.canonicalize().map_err(cannot)?;
                probe_folder(real.parent().unwrap_or(Path::new("/"))).map_err(cannot)?;
                this(Dest::File(real))
            }
            Ok(m) => {
                probe_stream(path, &m).map_err(cannot)?;
                this(Dest::Stream(path.to_path_buf()))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if std::fs::symlink_metadata(path).is_ok() {
                    return Err(cannot(io_err(
                        io::ErrorKind::NotFound,
                        "is a symbolic link to nothing: it is not followed, and not replaced",
                    )));
                }
                let folder = parent_of(path);
                check_folder(&folder).map_err(|e| AppError::write(label(option, path), e))?;
                this(Dest::File(absolute(path)))
            }
            Err(e) => Err(cannot(e)),
        }
    }

    fn key(&self) -> Result<Key, AppError> {
        Ok(match &self.dest {
            Dest::Stdout => Key::Stdout,
            Dest::Stream(p) | Dest::File(p) => key_of(p),
        })
    }

    /// How the output is named in messages (`--gif out/g.gif`; standard
    /// output as such).
    pub fn label(&self) -> String {
        match self.dest {
            Dest::Stdout => "standard output".to_string(),
            _ => label(&self.option, &self.given),
        }
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// Whether the output goes to standard output (`-`).
    pub fn is_stdout(&self) -> bool {
        self.dest == Dest::Stdout
    }

    fn err(&self, e: io::Error) -> AppError {
        if e.kind() == io::ErrorKind::BrokenPipe && !matches!(self.dest, Dest::File(_)) {
            AppError::ClosedPipe
        } else {
            AppError::write(self.label(), e)
        }
    }

    /// A temporary file to write the output into; [`Staged::commit`] puts it
    /// in place. It lies beside a regular file's destination, in the
    /// system's temporary folder for a stream.
    pub fn stage(&self) -> Result<Staged, AppError> {
        let mut made = Vec::new();
        let (folder, mode) = match &self.dest {
            Dest::File(p) => {
                let folder = parent_of(p);
                made = make_folders(&folder).map_err(|e| self.err(e))?;
                let mode = std::fs::metadata(p).ok().map(|m| m.permissions().mode());
                (folder, mode)
            }
            _ => (std::env::temp_dir(), None),
        };
        let tmp = live::create(&folder, mode).map_err(|e| self.err(e));
        let tmp = match tmp {
            Ok(t) => t,
            Err(e) => {
                remove_empty(&made);
                return Err(e);
            }
        };
        Ok(Staged {
            tmp: Some(tmp),
            made,
            out: self.clone(),
        })
    }

    /// Writes the whole output at once.
    pub fn write(&self, bytes: &[u8]) -> Result<(), AppError> {
        if let Dest::Stdout | Dest::Stream(_) = &self.dest {
            // Nothing to replace: straight into the stream.
            return self.write_stream(|w| w.write_all(bytes));
        }
        let mut staged = self.stage()?;
        staged.file().write_all(bytes).map_err(|e| self.err(e))?;
        staged.commit()
    }

    fn write_stream(
        &self,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), AppError> {
        let run = |w: &mut dyn Write| fill(w).and_then(|()| w.flush());
        match &self.dest {
            Dest::Stdout => run(&mut io::stdout().lock()),
            Dest::Stream(p) => OpenOptions::new()
                .write(true)
                .open(p)
                .and_then(|mut f| run(&mut f)),
            Dest::File(_) => unreachable!("a file is staged"),
        }
        .map_err(|e| self.err(e))
    }
}

/// An output written again and again (`live --state-file`, once a frame):
/// a file is replaced whole each time; a stream is opened once, at the
/// first write, and each write goes into it in turn (a FIFO's reader sees
/// one line after another, as from `cat`).
#[derive(Debug)]
pub struct Rewritten {
    out: OutFile,
    stream: Option<File>,
}

impl Rewritten {
    /// Writes to `out` each time.
    pub fn new(out: OutFile) -> Self {
        Self { out, stream: None }
    }

    /// The next content.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), AppError> {
        match &self.out.dest {
            Dest::File(_) => self.out.write(bytes),
            Dest::Stdout => self.out.write_stream(|w| w.write_all(bytes)),
            Dest::Stream(p) => {
                if self.stream.is_none() {
                    let f = OpenOptions::new()
                        .write(true)
                        .open(p)
                        .map_err(|e| self.out.err(e))?;
                    self.stream = Some(f);
                }
                let f = self.stream.as_mut().expect("opened above");
                f.write_all(bytes)
                    .and_then(|()| f.flush())
                    .map_err(|e| self.out.err(e))
            }
        }
    }
}

/// An output being written: a temporary file that becomes the output on
/// [`Staged::commit`] and is removed if dropped first.
#[derive(Debug)]
pub struct Staged {
    tmp: Option<NamedTempFile>,
    made: Vec<PathBuf>,
    out: OutFile,
}

impl Staged {
    /// The temporary file's path (for writers that open files by name, such
    /// as the FST waveform's).
    pub fn path(&self) -> &Path {
        self.tmp.as_ref().map_or(Path::new(""), |t| t.path())
    }

    /// The temporary file, open for writing.
    pub fn file(&mut self) -> &mut File {
        self.tmp
            .as_mut()
            .map(|t| t.as_file_mut())
            .expect("a staged output holds its file until committed")
    }

    /// The output this becomes.
    pub fn output(&self) -> &OutFile {
        &self.out
    }

    /// Puts the output in place: renames the temporary file over a regular
    /// file's path, or copies it into a stream.
    pub fn commit(mut self) -> Result<(), AppError> {
        let tmp = self.tmp.take().expect("committed once");
        let out = self.out.clone();
        let done = match &out.dest {
            Dest::File(p) => {
                let flushed = tmp.as_file().sync_data().or_else(|e| {
                    // A file system without sync (a pipe-backed one) is fine.
                    if e.kind() == io::ErrorKind::InvalidInput {
                        Ok(())
                    } else {
                        Err(e)
                    }
                });
                match flushed {
                    Ok(()) => live::persist(tmp, p).map_err(|e| out.err(e)),
                    Err(e) => Err(out.err(e)),
                }
            }
            _ => {
                let path = tmp.path().to_path_buf();
                let copied = out.write_stream(|w| {
                    let mut f = File::open(&path)?;
                    io::copy(&mut f, w).map(drop)
                });
                live::remove(tmp);
                copied
            }
        };
        if done.is_err() {
            remove_empty(&self.made);
        }
        self.made.clear();
        done
    }
}

/// Puts several outputs in place, as nearly all or nothing as a file
/// system allows: those written into streams first (the writes that can
/// fail late), then the renames; the first failure leaves the rest unmade.
pub fn commit_all(staged: Vec<Staged>) -> Result<(), AppError> {
    let (files, streams): (Vec<Staged>, Vec<Staged>) = staged
        .into_iter()
        .partition(|s| matches!(s.out.dest, Dest::File(_)));
    for s in streams.into_iter().chain(files) {
        s.commit()?;
    }
    Ok(())
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(t) = self.tmp.take() {
            live::remove(t);
            remove_empty(&self.made);
        }
    }
}

/// A folder output, checked (see [`Plan::folder`]). The folder (and its
/// missing parents) are made when the first file is written into it; if
/// the run made it and it is still empty when dropped, it is removed.
#[derive(Debug)]
pub struct OutDir {
    option: String,
    path: PathBuf,
    made: Mutex<Vec<PathBuf>>,
    keep: AtomicBool,
}

impl OutDir {
    fn check(option: &str, path: &Path) -> Result<Self, AppError> {
        if path.as_os_str().is_empty() {
            return Err(AppError::Usage(format!(
                "{option}: the path is empty; give a folder"
            )));
        }
        check_folder(path).map_err(|e| AppError::write(label(option, path), e))?;
        Ok(Self {
            option: option.to_string(),
            path: path.to_path_buf(),
            made: Mutex::new(Vec::new()),
            keep: AtomicBool::new(false),
        })
    }

    /// A folder for a caller that checks nothing before (tests, defaults).
    pub fn unchecked(path: &Path) -> Self {
        Self {
            option: String::new(),
            path: path.to_path_buf(),
            made: Mutex::new(Vec::new()),
            keep: AtomicBool::new(false),
        }
    }

    /// The folder's path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How the folder is named in messages.
    pub fn label(&self) -> String {
        label(&self.option, &self.path)
    }

    /// A file named `name` in the folder, checked like any file output
    /// (an existing link in the folder is written through, or refused if it
    /// names nothing).
    pub fn file(&self, name: &str) -> Result<OutFile, AppError> {
        OutFile::check(&self.option, &self.path.join(name))
    }

    /// Makes the folder if it is missing.
    pub fn make(&self) -> Result<(), AppError> {
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        let new = make_folders(&self.path).map_err(|e| AppError::write(self.label(), e))?;
        made.extend(new);
        Ok(())
    }

    /// Writes file `name` in the folder (made first if missing).
    pub fn write(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, AppError> {
        self.make()?;
        let f = self.file(name)?;
        f.write(bytes)?;
        Ok(self.path.join(name))
    }

    /// Keeps the folder even if it is empty (the run finished).
    pub fn keep(&self) {
        self.keep.store(true, Ordering::Relaxed);
    }
}

impl Drop for OutDir {
    fn drop(&mut self) {
        if !self.keep.load(Ordering::Relaxed) {
            let made = self.made.get_mut().unwrap_or_else(|e| e.into_inner());
            remove_empty(made);
        }
        let made = self.made.get_mut().unwrap_or_else(|e| e.into_inner());
        live::forget_folders(made);
    }
}

/// The folder a file path lies in (`.` for a bare name).
fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Checks that a folder exists or can be made, and can be written, leaving
/// the file system as it was.
fn check_folder(dir: &Path) -> io::Result<()> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return probe_folder(dir),
        Ok(_) => {
            return Err(io_err(
                io::ErrorKind::NotADirectory,
                &format!("{} exists and is not a folder", shown_path(dir)),
            ))
        }
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        Err(_) => {}
    }
    if std::fs::symlink_metadata(dir).is_ok() {
        return Err(io_err(
            io::ErrorKind::NotFound,
            &format!(
                "{} is a symbolic link to nothing: it is not followed, and not replaced",
                shown_path(dir)
            ),
        ));
    }
    let made = make_folders(dir)?;
    let probed = probe_folder(dir);
    remove_empty(&made);
    live::forget_folders(&made);
    probed
}

/// Whether a file can be made in `dir`: a temporary file made and removed.
fn probe_folder(dir: &Path) -> io::Result<()> {
    tempfile::Builder::new()
        .prefix(".generals-probe-")
        .tempfile_in(dir)
        .map(drop)
}

/// Whether a device or FIFO may be written: a device is opened (and closed
/// at once); a FIFO is not opened before the run (that waits for a reader),
/// only its permission bits are read.
fn probe_stream(path: &Path, m: &Metadata) -> io::Result<()> {
    let t = m.file_type();
    if t.is_fifo() || t.is_socket() {
        let mode = m.permissions().mode();
        return if mode & 0o222 != 0 {
            Ok(())
        } else {
            Err(io_err(
                io::ErrorKind::PermissionDenied,
                "may not be written",
            ))
        };
    }
    OpenOptions::new().write(true).open(path).map(drop)
}

/// Makes `dir` and its missing parents; returns those made, deepest first.
fn make_folders(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut missing = Vec::new();
    let mut p = Some(dir);
    while let Some(d) =
        p.filter(|d| !d.as_os_str().is_empty() && std::fs::symlink_metadata(d).is_err())
    {
        missing.push(d.to_path_buf());
        p = d.parent();
    }
    live::note_folders(&missing);
    if let Err(e) = std::fs::create_dir_all(dir) {
        remove_empty(&missing);
        return Err(e);
    }
    Ok(missing)
}

/// Removes folders made by the run, deepest first, if they are empty.
fn remove_empty(made: &[PathBuf]) {
    for d in made {
        let _ = std::fs::remove_dir(d);
    }
}

/// What this process is writing right now, so that an interrupted run can
/// remove it: its temporary files and the folders it made.
mod live {
    use super::*;

    static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new temporary file in `dir`, registered while the lock is held (so
    /// an interrupt sees it), with `mode` or the usual 0666 less the umask.
    pub(super) fn create(dir: &Path, mode: Option<u32>) -> io::Result<NamedTempFile> {
        let mut temps = lock(&TEMPS);
        let t = tempfile::Builder::new()
            .prefix(".generals-")
            .suffix(".part")
            .permissions(Permissions::from_mode(0o666))
            .tempfile_in(dir)?;
        if let Some(mode) = mode {
            t.as_file().set_permissions(Permissions::from_mode(mode))?;
        }
        temps.push(t.path().to_path_buf());
        Ok(t)
    }

    fn forget(path: &Path) {
        lock(&TEMPS).retain(|p| p != path);
    }

    /// Renames a temporary file over `dest`.
    pub(super) fn persist(t: NamedTempFile, dest: &Path) -> io::Result<()> {
        let path = t.path().to_path_buf();
        match t.persist(dest) {
            Ok(_) => {
                forget(&path);
                remove_side_files(&path);
                Ok(())
            }
            Err(e) => {
                let err = e.error;
                remove(e.file);
                Err(err)
            }
        }
    }

    /// Removes a temporary file.
    pub(super) fn remove(t: NamedTempFile) {
        let path = t.path().to_path_buf();
        drop(t);
        forget(&path);
        remove_side_files(&path);
    }

    /// The FST writer keeps its hierarchy in `<file>.hier` until it closes.
    fn remove_side_files(path: &Path) {
        let mut hier = path.as_os_str().to_owned();
        hier.push(".hier");
        let _ = std::fs::remove_file(hier);
    }

    pub(super) fn note_folders(made: &[PathBuf]) {
        lock(&FOLDERS).extend(made.iter().cloned());
    }

    pub(super) fn forget_folders(made: &[PathBuf]) {
        lock(&FOLDERS).retain(|p| !made.contains(p));
    }

    /// Removes every temporary file and every empty folder the run made.
    /// Holds both locks to the end, so nothing new is registered after.
    pub(super) fn remove_all() {
        let temps = lock(&TEMPS);
        let folders = lock(&FOLDERS);
        for p in temps.iter() {
            let _ = std::fs::remove_file(p);
            remove_side_files(p);
        }
        remove_empty(&folders);
        std::mem::forget(temps);
        std::mem::forget(folders);
    }
}

/// Interrupts (SIGINT, SIGTERM, SIGHUP).
pub mod interrupt {
    use std::sync::atomic::{AtomicBool, Ordering};

    static GRACEFUL: AtomicBool = AtomicBool::new(false);
    static REQUESTED: AtomicBool = AtomicBool::new(false);

    /// Installs the handler: the run's temporary files and empty new folders
    /// are removed, then the process ends by the signal as it would have.
    /// In graceful mode ([`graceful`]) the first signal only sets a flag for
    /// the run to see ([`requested`]); a second one ends the process.
    pub fn install() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            for sig in signals.forever() {
                if GRACEFUL.load(Ordering::SeqCst) && !REQUESTED.swap(true, Ordering::SeqCst) {
                    continue;
                }
                super::live::remove_all();
                let _ = signal_hook::low_level::emulate_default_handler(sig);
                std::process::exit(128 + sig);
            }
        });
    }

    /// From now on, a first interrupt only asks the run to stop.
    pub fn graceful() {
        GRACEFUL.store(true, Ordering::SeqCst);
    }

    /// Whether an interrupt asked the run to stop (graceful mode).
    pub fn requested() -> bool {
        REQUESTED.load(Ordering::SeqCst)
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

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .expect("read dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_checked_folder_is_not_left_behind() {
        let d = scratch("dir");
        let deep = d.join("a/b/c");
        Plan::new().folder("--frames", &deep).expect("creatable");
        assert!(!d.join("a").exists(), "the check made no folder");
        std::fs::write(d.join("file"), "x").expect("write");
        let e = Plan::new()
            .folder("--frames", &d.join("file"))
            .expect_err("a file is not a folder");
        assert_eq!(e.exit_code(), 3, "an output that cannot be written");
        assert!(e.to_string().contains("not a folder"), "{e}");
        assert!(e.to_string().starts_with("--frames "), "{e}");
        let e = Plan::new()
            .folder("--frames", &d.join("file/sub"))
            .expect_err("below a file");
        assert_eq!(e.exit_code(), 3);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_file_is_replaced_whole_or_not_at_all() {
        let d = scratch("file");
        let p = d.join("state.json");
        std::fs::write(&p, "old").expect("write");
        std::fs::set_permissions(&p, Permissions::from_mode(0o640)).expect("chmod");
        let out = Plan::new().file("--state-json", &p).expect("plans");
        let mut s = out.stage().expect("stages");
        s.file().write_all(b"half").expect("write");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "old");
        drop(s);
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "old");
        assert_eq!(names(&d), ["state.json"], "no temporary left");
        out.write(b"new\n").expect("writes");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "new\n");
        let mode = std::fs::metadata(&p).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o640, "a replaced file keeps its permissions");
        assert_eq!(names(&d), ["state.json"]);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_new_file_appears_only_when_committed_and_its_new_folders_go_if_unused() {
        let d = scratch("new");
        let p = d.join("x/y/g.gif");
        let out = Plan::new().file("--gif", &p).expect("plans");
        assert!(!d.join("x").exists(), "planning makes nothing");
        let s = out.stage().expect("stages");
        assert!(d.join("x/y").is_dir());
        assert!(!p.exists());
        drop(s);
        assert!(!d.join("x").exists(), "the folders it made are gone again");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn links_are_written_through_or_refused_never_replaced() {
        let d = scratch("links");
        let target = d.join("target.json");
        std::fs::write(&target, "old").expect("write");
        let link = d.join("link.json");
        std::os::unix::fs::symlink(&target, &link).expect("symlink");
        Plan::new()
            .file("--state-json", &link)
            .expect("plans")
            .write(b"new")
            .expect("writes");
        assert!(std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "new");
        let dangling = d.join("dangling.json");
        std::os::unix::fs::symlink(d.join("nothing"), &dangling).expect("symlink");
        let e = Plan::new()
            .file("--state-json", &dangling)
            .expect_err("a link to nothing");
        assert!(e.to_string().contains("symbolic link to nothing"), "{e}");
        assert!(!d.join("nothing").exists());
        assert!(
            std::fs::symlink_metadata(&dangling).is_ok(),
            "the link stays"
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn two_outputs_on_one_path_are_refused() {
        let d = scratch("same");
        let mut plan = Plan::new();
        plan.file("--state-json", &d.join("x")).expect("first");
        let e = plan
            .file("--gif", &d.join("./sub/../x"))
            .expect_err("the same path");
        assert!(e.to_string().contains("--state-json"), "{e}");
        assert_eq!(e.exit_code(), 2);
        let mut plan = Plan::new();
        plan.file("--state-json", Path::new("-")).expect("stdout");
        assert!(plan.file("--gif", Path::new("-")).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn paths_that_name_folders_are_refused_with_the_option() {
        let d = scratch("forms");
        let e = Plan::new()
            .file("--state-json", Path::new(""))
            .expect_err("empty");
        assert!(
            e.to_string().starts_with("--state-json: the path is empty"),
            "{e}"
        );
        let g = format!("{}/gdir/", d.display());
        let e = Plan::new()
            .file("--gif", Path::new(&g))
            .expect_err("a folder's form");
        assert!(e.to_string().contains("there is no folder"), "{e}");
        let e = Plan::new().file("--gif", &d).expect_err("a folder");
        assert!(e.to_string().contains("is a folder"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }
}
