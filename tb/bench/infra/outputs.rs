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
//! - an existing **symbolic link** that the user named is written through
//!   to what it names; a link to nothing is refused. A file the command
//!   names itself inside an output folder (a frame, a job's result, a
//!   merged coverage file) is never written through: whatever is at that
//!   name (a link, a hard link, a FIFO) is replaced by the new file, and
//!   what it pointed at stays as it was;
//! - a failed or interrupted run (SIGINT, SIGTERM, SIGHUP) removes only what
//!   it made itself: its temporary files and the folders it created that are
//!   still empty; never a link, never a file it did not make;
//! - every output is checked before the run ([`Plan`]), and refused then
//!   if it is the same file as another output or as an input (by device
//!   and inode where the file exists, by resolved path where it does not;
//!   `-` is the file standard output is, so `/dev/stdout` and
//!   `/proc/self/fd/1` are `-` too), if it lies inside a file output, or if
//!   it takes a name a folder output writes itself.
//!
//! Standard output and error: [`emit`] and [`note`].

use generals_maps::shown_path;
use std::fs::{File, Metadata, OpenOptions, Permissions};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tempfile::NamedTempFile;

/// Why an output cannot be planned or written; the bench's `Error`
/// takes each as its own (`From`): a refused output is bad input (exit
/// status 2), one that cannot be written an output error (3), a reader
/// that closed standard output early ends quietly (0).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The output may not be written where it is given (two outputs on one
    /// file, an output on an input, a path that names a folder).
    #[error("{0}")]
    Refused(String),
    /// It cannot be written.
    #[error(transparent)]
    Write(#[from] OutputError),
    /// Standard output was closed by its reader.
    #[error("standard output closed")]
    ClosedPipe,
}

impl Error {
    /// An I/O error writing `path` (standard output: see [`Error::stdout`]).
    pub fn write(path: impl Into<String>, source: io::Error) -> Self {
        Error::Write(OutputError::io(path, source))
    }

    /// A write error on standard output: a closed pipe ends quietly.
    pub fn stdout(source: io::Error) -> Self {
        if source.kind() == io::ErrorKind::BrokenPipe {
            Error::ClosedPipe
        } else {
            Error::write("standard output", source)
        }
    }
}

/// An output file, folder or stream that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// A file, a folder or standard output.
    #[error("{path}: cannot write: {source}")]
    Io {
        /// What was being written.
        path: String,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
    /// A PNG frame.
    #[error("{path}: cannot write PNG: {source}")]
    Png {
        /// The PNG file.
        path: String,
        /// The encoder's error.
        #[source]
        source: image::ImageError,
    },
    /// The animated GIF.
    #[error("{path}: cannot write GIF: {source}")]
    Gif {
        /// The GIF file.
        path: String,
        /// The encoder's error.
        #[source]
        source: gif::EncodingError,
    },
    /// A frame with more colours than a GIF palette holds.
    #[error("{path}: cannot write GIF: a frame has more than 256 colours")]
    GifColours {
        /// The GIF file.
        path: String,
    },
    /// The FST waveform.
    #[error(transparent)]
    Trace(#[from] TraceError),
    /// The live window (`generals live`).
    #[error("cannot open the window: {0}")]
    Window(String),
}

impl OutputError {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<String>, source: io::Error) -> Self {
        OutputError::Io {
            path: path.into(),
            source,
        }
    }
}

/// Error opening a waveform file.
#[derive(Debug, thiserror::Error)]
#[error("{path}: cannot write the waveform: {why}")]
pub struct TraceError {
    /// The file that could not be opened.
    pub path: String,
    /// Why.
    pub why: &'static str,
}

impl TraceError {
    /// The same error, naming the output as the user gave it (the model
    /// writes a temporary file that becomes it).
    pub fn named(self, label: &str) -> Self {
        TraceError {
            path: label.to_string(),
            why: self.why,
        }
    }
}

/// Writes `text` and a newline to standard output. A reader that closed the
/// pipe gives [`Error::ClosedPipe`]; any other failure (a full disk) is an
/// [`Error::Write`].
pub fn emit(text: &str) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(Error::stdout)
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

/// What a claimed path is to the command.
#[derive(Clone, Debug)]
enum Role {
    /// A file or folder the command reads.
    Input,
    /// A file the command writes.
    File,
    /// A folder the command writes into, and the names it gives its files
    /// there (`frame_*.png`: one `*` stands for any text).
    Folder(&'static [&'static str]),
}

/// One claimed path of a [`Plan`].
#[derive(Clone, Debug)]
struct Claim {
    keys: Vec<Key>,
    /// The path made absolute (links of its existing part resolved); `None`
    /// for standard output.
    at: Option<PathBuf>,
    label: String,
    role: Role,
}

/// The outputs (and inputs) of one command, checked before the run.
#[derive(Debug, Default)]
pub struct Plan {
    taken: Vec<Claim>,
}

impl Plan {
    /// No outputs yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A file output given by `option` (an empty option: a file the command
    /// names itself). Refuses, with the option and the path named: an empty
    /// path, a folder, a path ending in `/`, a link to nothing, a folder that
    /// cannot be made or written, a path another output or an input already
    /// uses, a path inside a file output or at a name a folder output
    /// writes.
    pub fn file(&mut self, option: &str, path: &Path) -> Result<OutFile, Error> {
        let out = OutFile::check(option, path)?;
        self.claim(option, path, Role::File)?;
        Ok(out)
    }

    /// A folder output (`--frames`, `--mismatch-dir`, `--out`): it exists or
    /// can be made; nothing is made until the run writes into it.
    pub fn folder(&mut self, option: &str, path: &Path) -> Result<OutDir, Error> {
        self.folder_owning(option, path, &[])
    }

    /// [`Plan::folder`] of a folder whose files the command names itself,
    /// as `names` says (`frame_*.png`): another output at such a name in it
    /// is refused.
    pub fn folder_owning(
        &mut self,
        option: &str,
        path: &Path,
        names: &'static [&'static str],
    ) -> Result<OutDir, Error> {
        let dir = OutDir::check(option, path)?;
        self.claim(option, path, Role::Folder(names))?;
        Ok(dir)
    }

    /// An input file or folder given by `option`: no output may be it.
    /// (`-`, standard input, is no file of its own and is not claimed.)
    pub fn input(&mut self, option: &str, path: &Path) -> Result<(), Error> {
        if path.as_os_str() == "-" {
            return Ok(());
        }
        self.claim(option, path, Role::Input)
    }

    /// Standard output, which the command prints its report on (`what`):
    /// no output may be it.
    pub fn stdout(&mut self, what: &str) -> Result<(), Error> {
        let claim = Claim {
            keys: stdout_keys(),
            at: None,
            label: what.to_string(),
            role: Role::File,
        };
        self.add(claim)
    }

    fn claim(&mut self, option: &str, path: &Path, role: Role) -> Result<(), Error> {
        let (keys, at) = if path.as_os_str() == "-" {
            (stdout_keys(), None)
        } else {
            (vec![key_of(path)], Some(absolute(path)))
        };
        self.add(Claim {
            keys,
            at,
            label: label(option, path),
            role,
        })
    }

    fn add(&mut self, new: Claim) -> Result<(), Error> {
        for old in &self.taken {
            let both_inputs = matches!(old.role, Role::Input) && matches!(new.role, Role::Input);
            if both_inputs {
                continue;
            }
            if old.keys.iter().any(|k| new.keys.contains(k)) {
                let what = if matches!(old.role, Role::Input) || matches!(new.role, Role::Input) {
                    "an input and an output"
                } else {
                    "two outputs"
                };
                return Err(Error::Refused(format!(
                    "{}: it and {} name the same file or folder: {what} cannot share it; give each output its own path",
                    new.label, old.label
                )));
            }
            let (Some(a), Some(b)) = (&old.at, &new.at) else {
                continue;
            };
            // One inside the other: `outer` holds `inner`.
            let (outer, inner) = if b.starts_with(a) && a != b {
                (old, &new)
            } else if a.starts_with(b) && a != b {
                (&new, old)
            } else {
                continue;
            };
            let name = match (&outer.at, &inner.at) {
                (Some(o), Some(i)) => i
                    .strip_prefix(o)
                    .ok()
                    .and_then(|r| r.components().next())
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .unwrap_or_default(),
                _ => String::new(),
            };
            match &outer.role {
                Role::File => {
                    return Err(Error::Refused(format!(
                        "{} lies inside {}, which is a file, not a folder: give each output its own path",
                        inner.label, outer.label
                    )))
                }
                Role::Folder(names)
                    if !matches!(inner.role, Role::Input)
                        && names.iter().any(|p| name_matches(p, &name)) =>
                {
                    return Err(Error::Refused(format!(
                        "{} takes a name that {} gives its own files (`{}`): give the other output a path outside that folder, or another name",
                        inner.label,
                        outer.label,
                        names.join("`, `")
                    )))
                }
                _ => {}
            }
        }
        self.taken.push(new);
        Ok(())
    }
}

/// Whether file name `name` matches `pattern` (one `*` for any text).
fn name_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((pre, post)) => {
            name.len() >= pre.len() + post.len() && name.starts_with(pre) && name.ends_with(post)
        }
    }
}

/// The identities of standard output: `-` itself, and the file, pipe or
/// device it is open on (so that `/dev/stdout`, `/proc/self/fd/1` or the
/// terminal's own name are the same destination).
fn stdout_keys() -> Vec<Key> {
    use std::os::fd::AsFd;
    let mut keys = vec![Key::Stdout];
    let fd = io::stdout().as_fd().try_clone_to_owned();
    if let Ok(m) = fd.map(File::from).and_then(|f| f.metadata()) {
        keys.push(Key::Inode(m.dev(), m.ino()));
    }
    keys
}

/// The identity of `path`'s destination (following links).
fn key_of(path: &Path) -> Key {
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
fn file_form(option: &str, path: &Path) -> Result<(), Error> {
    let text = path.as_os_str().as_encoded_bytes();
    if text.is_empty() {
        return Err(Error::Refused(format!(
            "{option}: the path is empty; give a file's path"
        )));
    }
    if text.ends_with(b"/")
        || text.ends_with(b"/.")
        || text.ends_with(b"/..")
        || text == b"."
        || text == b".."
    {
        let dir = path.to_path_buf();
        let ending = ["/..", "/.", "/", "..", "."]
            .into_iter()
            .find(|e| text.ends_with(e.as_bytes()))
            .unwrap_or("/");
        let why = if dir.is_dir() {
            "names a folder; give a file's path (a name in that folder)".to_string()
        } else {
            format!(
                "ends in `{ending}`, so it names a folder, and there is no folder {}; give a file's path",
                shown_path(&dir)
            )
        };
        return Err(Error::Refused(format!("{}: {why}", label(option, path))));
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
    fn check(option: &str, path: &Path) -> Result<Self, Error> {
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
        let cannot = |e: io::Error| Error::write(label(option, path), e);
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
                check_folder(&folder).map_err(|e| Error::write(label(option, path), e))?;
                this(Dest::File(absolute(path)))
            }
            Err(e) => Err(cannot(e)),
        }
    }

    /// A file the command names itself (`name` in an output folder): it is
    /// always replaced by a new file, never written through, whatever is at
    /// the name (a symbolic or hard link, a FIFO, a device); only a folder
    /// there is refused.
    fn check_own(option: &str, path: &Path) -> Result<Self, Error> {
        let cannot = |e: io::Error| Error::write(label(option, path), e);
        match std::fs::symlink_metadata(path) {
            Ok(m) if m.is_dir() => Err(cannot(io_err(
                io::ErrorKind::IsADirectory,
                "is a folder, where this command writes a file of its own",
            ))),
            Ok(_) => {
                probe_folder(&parent_of(path)).map_err(cannot)?;
                Ok(Self {
                    option: option.to_string(),
                    given: path.to_path_buf(),
                    dest: Dest::File(path.to_path_buf()),
                })
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                check_folder(&parent_of(path)).map_err(cannot)?;
                Ok(Self {
                    option: option.to_string(),
                    given: path.to_path_buf(),
                    dest: Dest::File(path.to_path_buf()),
                })
            }
            Err(e) => Err(cannot(e)),
        }
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

    fn err(&self, e: io::Error) -> Error {
        if e.kind() == io::ErrorKind::BrokenPipe && !matches!(self.dest, Dest::File(_)) {
            Error::ClosedPipe
        } else {
            Error::write(self.label(), e)
        }
    }

    /// A temporary file to write the output into; [`Staged::commit`] puts it
    /// in place. It lies beside a regular file's destination, in the
    /// system's temporary folder for a stream.
    pub fn stage(&self) -> Result<Staged, Error> {
        let mut made = Vec::new();
        let (folder, mode) = match &self.dest {
            Dest::File(p) => {
                let folder = parent_of(p);
                made = make_folders(&folder).map_err(|e| self.err(e))?;
                let mode = std::fs::symlink_metadata(p)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.permissions().mode());
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
    pub fn write(&self, bytes: &[u8]) -> Result<(), Error> {
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
    ) -> Result<(), Error> {
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
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
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
    pub fn commit(mut self) -> Result<(), Error> {
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
pub fn commit_all(staged: Vec<Staged>) -> Result<(), Error> {
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
    /// The part of `path` below a checked folder that this command made or
    /// makes itself: each of its components must be a real folder, never a
    /// link (see [`OutDir::own_folder`]); empty for a folder the user named.
    own: PathBuf,
    made: Mutex<Vec<PathBuf>>,
    keep: AtomicBool,
}

impl OutDir {
    fn check(option: &str, path: &Path) -> Result<Self, Error> {
        if path.as_os_str().is_empty() {
            return Err(Error::Refused(format!(
                "{option}: the path is empty; give a folder"
            )));
        }
        if path.as_os_str() == "-" {
            return Err(Error::Refused(format!(
                "{option} -: `-` is standard output, which cannot hold a folder's files; give a folder's path"
            )));
        }
        check_folder(path).map_err(|e| Error::write(label(option, path), e))?;
        Ok(Self {
            option: option.to_string(),
            path: path.to_path_buf(),
            own: PathBuf::new(),
            made: Mutex::new(Vec::new()),
            keep: AtomicBool::new(false),
        })
    }

    /// A folder for a caller that checks nothing before (tests, defaults,
    /// a worker given its folder by the run that made it).
    pub fn unchecked(path: &Path) -> Self {
        Self {
            option: String::new(),
            path: path.to_path_buf(),
            own: PathBuf::new(),
            made: Mutex::new(Vec::new()),
            keep: AtomicBool::new(false),
        }
    }

    /// The folder `rel` (`jobs/fuzz/000`) inside this one, which the command
    /// makes and names itself: each of its components that exists must be a
    /// real folder — a symbolic link there (to a folder outside) or a file
    /// is refused, never followed; nothing is made until it is written into.
    pub fn own_folder(&self, rel: &str) -> Result<OutDir, Error> {
        let sub = OutDir {
            option: self.option.clone(),
            path: self.path.join(rel),
            own: self.own.join(rel),
            made: Mutex::new(Vec::new()),
            keep: AtomicBool::new(true),
        };
        sub.check_own().map_err(|e| Error::write(sub.label(), e))?;
        Ok(sub)
    }

    /// The base this folder's own part starts from.
    fn base(&self) -> PathBuf {
        let mut base = self.path.clone();
        for _ in self.own.components() {
            base.pop();
        }
        base
    }

    /// Checks the folder's own part: every component that exists is a
    /// real folder.
    fn check_own(&self) -> io::Result<()> {
        let mut at = self.base();
        for c in self.own.components() {
            at.push(c);
            match std::fs::symlink_metadata(&at) {
                Ok(m) if m.file_type().is_symlink() => {
                    return Err(io_err(
                        io::ErrorKind::AlreadyExists,
                        &format!(
                            "{} is a symbolic link where this command keeps a folder of its own: it is not followed; remove it",
                            shown_path(&at)
                        ),
                    ))
                }
                Ok(m) if !m.is_dir() => {
                    return Err(io_err(
                        io::ErrorKind::NotADirectory,
                        &format!(
                            "{} exists and is not a folder, where this command keeps a folder of its own; remove it",
                            shown_path(&at)
                        ),
                    ))
                }
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Removes the files `names` of an earlier run from the folder, if there
    /// (a link is removed, not what it names); a folder at such a name is
    /// refused.
    pub fn clear(&self, names: &[&str]) -> Result<(), Error> {
        for n in names {
            let p = self.path.join(n);
            match std::fs::symlink_metadata(&p) {
                Ok(m) if m.is_dir() => {
                    return Err(Error::write(
                        label(&self.option, &p),
                        io_err(
                            io::ErrorKind::IsADirectory,
                            "is a folder, where this command writes a file of its own; remove it",
                        ),
                    ))
                }
                Ok(_) => std::fs::remove_file(&p)
                    .map_err(|e| Error::write(label(&self.option, &p), e))?,
                Err(_) => {}
            }
        }
        Ok(())
    }

    /// A new, empty file `name` in the folder (made first if missing),
    /// open for writing: whatever was at the name is removed first (a
    /// link, not what it names), and the file is made exclusively, so no
    /// write reaches another file.
    pub fn create_new(&self, name: &str) -> Result<File, Error> {
        self.make()?;
        self.clear(&[name])?;
        let p = self.path.join(name);
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p)
            .map_err(|e| Error::write(label(&self.option, &p), e))
    }

    /// The folder's path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How the folder is named in messages.
    pub fn label(&self) -> String {
        label(&self.option, &self.path)
    }

    /// A file named `name` in the folder, which the command names itself:
    /// whatever is at the name when it is written (a link, a hard link, a
    /// FIFO) is replaced, never written through; a folder there is refused.
    pub fn file(&self, name: &str) -> Result<OutFile, Error> {
        OutFile::check_own(&self.option, &self.path.join(name))
    }

    /// Makes the folder if it is missing (its own part checked again first:
    /// a link planted since is not followed).
    pub fn make(&self) -> Result<(), Error> {
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        self.check_own()
            .map_err(|e| Error::write(self.label(), e))?;
        let new = make_folders(&self.path).map_err(|e| Error::write(self.label(), e))?;
        made.extend(new);
        Ok(())
    }

    /// Writes file `name` in the folder (made first if missing).
    pub fn write(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, Error> {
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
        assert!(
            matches!(e, Error::Write(_)),
            "an output that cannot be written"
        );
        assert!(e.to_string().contains("not a folder"), "{e}");
        assert!(e.to_string().starts_with("--frames "), "{e}");
        let e = Plan::new()
            .folder("--frames", &d.join("file/sub"))
            .expect_err("below a file");
        assert!(matches!(e, Error::Write(_)));
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
    fn a_file_the_command_names_itself_replaces_what_is_at_its_name() {
        let d = scratch("own");
        let victim = d.join("victim");
        std::fs::write(&victim, "keep").expect("write");
        let folder = d.join("out");
        std::fs::create_dir_all(&folder).expect("mkdir");
        std::os::unix::fs::symlink(&victim, folder.join("a.json")).expect("symlink");
        std::fs::hard_link(&victim, folder.join("b.json")).expect("hard link");
        let out = Plan::new().folder("--out", &folder).expect("plans");
        out.write("a.json", b"new a").expect("writes");
        out.write("b.json", b"new b").expect("writes");
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep");
        assert!(!std::fs::symlink_metadata(folder.join("a.json"))
            .expect("meta")
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read_to_string(folder.join("b.json")).expect("read"),
            "new b"
        );
        // A folder of its own that is a link to a folder elsewhere.
        std::os::unix::fs::symlink(&d, folder.join("jobs")).expect("symlink");
        let e = out.own_folder("jobs/x").expect_err("a link");
        assert!(e.to_string().contains("symbolic link"), "{e}");
        assert!(matches!(e, Error::Write(_)));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn outputs_inside_outputs_and_inputs_as_outputs_are_refused() {
        let d = scratch("nested");
        let mut plan = Plan::new();
        plan.file("--gif", &d.join("g")).expect("first");
        let e = plan
            .file("--trace", &d.join("g/t.fst"))
            .expect_err("inside a file");
        assert!(e.to_string().contains("is a file, not a folder"), "{e}");
        let mut plan = Plan::new();
        plan.folder_owning("--frames", &d.join("f"), &["frame_*.png"])
            .expect("folder");
        plan.file("--gif", &d.join("f/game.gif"))
            .expect("another name in the folder");
        let e = plan
            .file("--state-json", &d.join("f/frame_000001.png"))
            .expect_err("a frame's name");
        assert!(e.to_string().contains("frame_*.png"), "{e}");
        std::fs::write(d.join("s.keys"), "D").expect("write");
        let mut plan = Plan::new();
        plan.input("--script", &d.join("s.keys")).expect("input");
        let e = plan
            .file("--state-json", &d.join("./s.keys"))
            .expect_err("the input");
        assert!(e.to_string().contains("an input and an output"), "{e}");
        assert!(matches!(e, Error::Refused(_)));
        let mut plan = Plan::new();
        plan.stdout("the report").expect("stdout");
        assert!(plan.file("--gif", Path::new("-")).is_err());
        assert!(plan.file("--gif", Path::new("/dev/stdout")).is_err());
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
        assert!(matches!(e, Error::Refused(_)));
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
