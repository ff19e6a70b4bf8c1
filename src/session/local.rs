//! The embedded local service: started in-process on loopback with a random
//! port and key, for a session without an endpoint and for the management
//! commands without URLs. The one place the CLI and the workbench start it.

use std::path::PathBuf;

use super::Failure;
use crate::api::Secret;
use crate::service::{self, Running, ServiceConfig};

/// How the embedded local service is started.
#[derive(Clone, Debug, Default)]
pub struct LocalOptions {
    /// The management sandbox's clock speed (`--time-scale`).
    pub time_scale: Option<f64>,
    /// Where its state is kept (the sandbox's SQLite, the token secret).
    pub data_dir: Option<PathBuf>,
    /// Open the sandbox at start rather than on its first use (the
    /// management commands, which use it at once).
    pub sandbox_at_start: bool,
}

impl LocalOptions {
    /// State kept under [`dir`] (the workbench and the management commands
    /// share it, so what one started the other can follow); in memory when
    /// that directory cannot be made.
    pub fn kept(time_scale: Option<f64>) -> Self {
        let data_dir = dir().filter(|d| std::fs::create_dir_all(d).is_ok());
        Self {
            time_scale,
            data_dir,
            sandbox_at_start: false,
        }
    }
}

/// `$XDG_DATA_HOME/glossa/local-service`: where [`LocalOptions::kept`] keeps
/// the local service's state (`glossa sandbox` shows and resets it).
pub fn dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("glossa").join("local-service"))
}

/// A running local service and the key it was started with.
pub struct LocalService {
    running: Running,
    key: Secret,
}

impl LocalService {
    /// Starts the service on loopback, a random port, a fresh key.
    pub async fn start(region: Option<String>, options: LocalOptions) -> Result<Self, Failure> {
        let key = Secret::new(uuid::Uuid::new_v4().simple().to_string());
        let config = ServiceConfig {
            key: Some(key.clone()),
            region,
            time_scale: options.time_scale,
            data_dir: options.data_dir,
            lazy_sandbox: !options.sandbox_at_start,
            ..ServiceConfig::default()
        };
        let running = service::start(config, ([127, 0, 0, 1], 0).into())
            .await
            .map_err(|e| Failure::usage(format!("cannot start the local service: {e}")))?;
        Ok(Self { running, key })
    }

    /// Its base URL.
    pub fn url(&self) -> String {
        self.running.url()
    }

    /// The key it accepts.
    pub fn key(&self) -> &Secret {
        &self.key
    }

    /// Stops it.
    pub async fn stop(self) {
        let _ = self.running.stop().await;
    }
}
