//! An axum hello-world server: the baseline scripts/bench.sh measures
//! `glossa serve` against from outside the process (requests/s under `wrk`,
//! resident memory), with the same runtime (tokio, multi-threaded) and the
//! same axum features.
//!
//! Usage: hello_axum [ADDR]   (default 127.0.0.1:0). Like `glossa serve`, the
//! first line on stdout is `listening on http://HOST:PORT`; it runs until
//! it is killed.

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

use axum::Router;
use axum::routing::get;

#[tokio::main]
async fn main() -> ExitCode {
    let addr: SocketAddr = match std::env::args()
        .nth(1)
        .as_deref()
        .unwrap_or("127.0.0.1:0")
        .parse()
    {
        Ok(a) => a,
        Err(e) => {
            eprintln!("hello_axum: not an address: {e}");
            return ExitCode::from(2);
        }
    };
    let app = Router::new().route("/", get(hello).post(hello));
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("hello_axum: cannot listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Ok(bound) = listener.local_addr() else {
        return ExitCode::FAILURE;
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "listening on http://{bound}");
    let _ = out.flush();
    drop(out);
    match axum::serve(listener, app).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hello_axum: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn hello() -> &'static str {
    "Hello, World!"
}
