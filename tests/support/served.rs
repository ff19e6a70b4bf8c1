//! `glossa serve` for a test: started by [`Served::start`], which reads the
//! URL from its first line (`listening on URL`); stopped gracefully (SIGTERM)
//! by [`Served::stop`] or, should the test fail first, killed on drop so no
//! service outlives its test. Shared by the contract and TUI test crates
//! (each includes this file with `#[path]`).

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Stdio};

pub struct Served {
    child: Option<Child>,
    /// As the service printed it (`http://127.0.0.1:PORT`).
    pub url: String,
}

impl Served {
    /// `glossa serve ARGS` with `env` added, once it listens.
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
            .arg("serve")
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start glossa serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the first line");
        // Owned from here, so a service that printed something else is killed.
        let mut served = Self {
            child: Some(child),
            url: String::new(),
        };
        served.url = line
            .trim_end()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("`listening on URL`, not {line:?}"))
            .to_owned();
        served
    }

    /// Stops the service with SIGTERM: how it ended and what it logged.
    pub fn stop(mut self) -> (ExitStatus, String) {
        let child = self.child.as_mut().expect("running");
        let sent = Command::new("kill").arg(child.id().to_string()).status();
        assert!(sent.is_ok_and(|s| s.success()), "SIGTERM sent");
        let exit = child.wait().expect("the service ends");
        let mut log = Vec::new();
        if let Some(mut err) = child.stderr.take() {
            let _ = err.read_to_end(&mut log);
        }
        self.child = None;
        (exit, String::from_utf8_lossy(&log).into_owned())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
