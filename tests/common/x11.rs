//! An X server for the tests that open `generals live`'s window: Xvfb on a
//! free display, the X tools that drive it, and the child processes killed
//! when a test ends.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Child processes, killed when the test ends (also on a failure).
pub struct Children(pub Vec<Child>);

impl Drop for Children {
    /// SIGTERM first, so that Xvfb removes its lock file and socket (a killed
    /// one leaves them behind for good); SIGKILL what is still running.
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = Command::new("kill")
                .args(["-TERM", &c.id().to_string()])
                .stderr(Stdio::null())
                .status();
        }
        for c in &mut self.0 {
            let t0 = Instant::now();
            while matches!(c.try_wait(), Ok(None)) && t0.elapsed() < Duration::from_secs(3) {
                sleep(Duration::from_millis(20));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

pub fn have(tool: &str, args: &[&str], needle: &str) -> bool {
    Command::new(tool)
        .args(args)
        .output()
        .map(|o| {
            let text = String::from_utf8_lossy(&o.stdout).into_owned()
                + &String::from_utf8_lossy(&o.stderr);
            text.contains(needle)
        })
        .unwrap_or(false)
}

/// An X server on a free display, started and listening. Xvfb picks the
/// number itself (`-displayfd`) and writes it once it accepts connections,
/// so a lock file left by a crashed server elsewhere never stops the test.
pub fn start_xvfb(children: &mut Children) -> String {
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "800x600x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Xvfb");
    let stdout = child.stdout.take().expect("Xvfb's stdout is piped");
    children.0.push(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("Xvfb gives its display number within 20 s");
    let n: u32 = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("Xvfb did not start (it wrote {line:?})"));
    format!(":{n}")
}

/// Runs X client `tool` with `args` on `display`; fails unless it succeeds,
/// returns its standard output.
pub fn x_tool(display: &str, tool: &str, args: &[&str]) -> String {
    let o = Command::new(tool)
        .args(args)
        .env("DISPLAY", display)
        .output()
        .unwrap_or_else(|e| panic!("run {tool}: {e}"));
    assert!(
        o.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

pub fn xdotool(display: &str, args: &[&str]) -> String {
    x_tool(display, "xdotool", args)
}

/// Fails the test, naming what is missing, unless Xvfb, xdotool and
/// ImageMagick's `import` are installed (`scripts/setup` installs them): a
/// test that needs a tool never passes without it.
pub fn require_tools() {
    let tools = [
        ("Xvfb", vec!["-help"], "-nolisten"),
        ("xdotool", vec!["--help"], "getactivewindow"),
        ("import", vec!["-version"], "ImageMagick"),
    ];
    let missing: Vec<&str> = tools
        .iter()
        .filter(|(t, a, n)| !have(t, a, n))
        .map(|(t, _, _)| *t)
        .collect();
    assert!(
        missing.is_empty(),
        "{} not installed: run scripts/setup",
        missing.join(", ")
    );
}
