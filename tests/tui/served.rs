//! `glossa serve` on a free loopback port for a test, stopped (SIGTERM) by
//! [`Served::stop`] or, should the test fail first, killed on drop so no
//! service outlives its test.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

pub struct Served {
    child: Option<Child>,
    pub url: String,
}

impl Served {
    /// With `key` (GLOSSA_SERVE_KEY) and logging at `log` into a pipe.
    pub fn start(key: &str, log: &str) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .env("GLOSSA_SERVE_KEY", key)
            .env("GLOSSA_LOG", log)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start glossa serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the first line");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("`listening on URL`, not {line:?}"))
            .to_owned();
        Self {
            child: Some(child),
            url,
        }
    }

    /// Stops the service gracefully; what it logged.
    pub fn stop(mut self) -> Vec<u8> {
        let mut child = self.child.take().expect("running");
        let _ = Command::new("kill").arg(child.id().to_string()).status();
        let _ = child.wait();
        let mut log = Vec::new();
        if let Some(mut err) = child.stderr.take() {
            let _ = err.read_to_end(&mut log);
        }
        log
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
