//! Files the bench reads that a run of its own wrote or a person named (a
//! regression list, a shard's results, a replay file, a job's result, a
//! coverage file): regular files only, read up to a limit. A FIFO would
//! block the read until a writer came, a device could be endless: both are
//! refused before a byte is read, as a folder is.

use std::fs::OpenOptions;
use std::io;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Reads the regular file `path` whole, refusing anything else (a FIFO, a
/// device, a socket, a folder) and a file larger than `max` bytes. Opened
/// without blocking, so a FIFO is refused rather than waited on.
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    let t = file.metadata()?.file_type();
    if !t.is_file() {
        let what = if t.is_dir() {
            "a folder"
        } else if t.is_fifo() {
            "a FIFO (named pipe)"
        } else if t.is_char_device() || t.is_block_device() {
            "a device"
        } else if t.is_socket() {
            "a socket"
        } else {
            "not a file"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("is {what}, not a regular file: give the file itself"),
        ));
    }
    generals_maps::read_limited(file, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_device_and_a_folder_are_refused_without_waiting() {
        let d = std::env::temp_dir().join(format!("generals-inputs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("scratch");
        let fifo = d.join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(made.success());
        let e = read_regular(&fifo, 10).expect_err("a FIFO");
        assert!(e.to_string().contains("FIFO"), "{e}");
        let e = read_regular(&d, 10).expect_err("a folder");
        assert!(e.to_string().contains("folder"), "{e}");
        std::fs::write(d.join("f"), "12345").expect("write");
        assert_eq!(read_regular(&d.join("f"), 10).expect("reads"), b"12345");
        assert!(read_regular(&d.join("f"), 4).is_err(), "over the limit");
        let _ = std::fs::remove_dir_all(&d);
    }
}
