//! `glossa serve --data-dir` killed (SIGKILL) at any moment of its first
//! start: the next start has the whole seeded sandbox, never a schema
//! without its demo resources (issue 19: 23 of 150 kills used to leave the
//! demo share missing for good).

use std::process::{Command, Stdio};
use std::time::Duration;

use super::common::{KEY, http, issue_token};
use super::served::Served;

const SALES: &str = "/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo-rg/providers/Microsoft.DataShare/accounts/demo-account/shares/sales-share/listSynchronizations?api-version=2021-08-01";

#[tokio::test]
async fn a_kill_during_the_first_start_never_leaves_an_unseeded_sandbox() {
    let http = http();
    for round in 0..16u64 {
        let dir = std::env::temp_dir().join(format!("glossa-first-start-{}", uuid::Uuid::new_v4()));
        let data_dir = dir.to_string_lossy().into_owned();
        let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
            .args(["serve", "--addr", "127.0.0.1:0", "--data-dir", &data_dir])
            .env("GLOSSA_SERVE_KEY", KEY)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start glossa serve");
        // Each round kills at another moment of the start (0 to 45 ms in).
        tokio::time::sleep(Duration::from_millis(round * 3)).await;
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        let served = Served::start(
            &["--addr", "127.0.0.1:0", "--data-dir", &data_dir],
            &[("GLOSSA_SERVE_KEY", KEY)],
        );
        let token = issue_token(&http, &served.url).await;
        let resp = http
            .post(format!("{}{SALES}", served.url))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200, "round {round}: the demo share is there");
        drop(served);
        let _ = std::fs::remove_dir_all(dir);
    }
}
