use super::*;

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("glossa-secrets-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn names_parse_both_spellings() {
    assert_eq!(SecretName::parse("key"), Some(SecretName::Key));
    assert_eq!(
        SecretName::parse("management-token"),
        Some(SecretName::ManagementToken)
    );
    assert_eq!(
        SecretName::parse("management_token"),
        Some(SecretName::ManagementToken)
    );
    assert_eq!(SecretName::parse("password"), None);
}

#[test]
fn a_missing_file_has_no_secrets() {
    let f = SecretsFile::new(temp_dir().join("secrets.toml"));
    assert!(f.get("work", SecretName::Key).unwrap().is_none());
}

#[test]
fn set_creates_the_file_0600_and_keeps_other_entries() {
    let dir = temp_dir();
    let f = SecretsFile::new(dir.join("nested").join("secrets.toml"));
    f.set("work", SecretName::Key, &Secret::new("k-1")).unwrap();
    f.set("work", SecretName::ManagementToken, &Secret::new("m-1"))
        .unwrap();
    f.set("home", SecretName::Key, &Secret::new("k-2")).unwrap();
    f.set("work", SecretName::Key, &Secret::new("k-3")).unwrap();
    assert_eq!(f.get("work", SecretName::Key).unwrap().unwrap().expose(), "k-3");
    assert_eq!(
        f.get("work", SecretName::ManagementToken)
            .unwrap()
            .unwrap()
            .expose(),
        "m-1"
    );
    assert_eq!(f.get("home", SecretName::Key).unwrap().unwrap().expose(), "k-2");
    assert!(f.get("home", SecretName::Token).unwrap().is_none());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&f.path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(f.path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["secrets.toml"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn a_file_others_may_read_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let path = dir.join("secrets.toml");
    std::fs::write(&path, "[profiles.work]\nkey = \"k-open\"\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let f = SecretsFile::new(&path);
    let e = f.get("work", SecretName::Key).unwrap_err().to_string();
    assert!(
        e.contains("may be read by others (mode 0644)") && e.contains("chmod 600"),
        "{e}"
    );
    // Nor is it written to: the key was exposed, the user should know.
    assert!(f.set("work", SecretName::Key, &Secret::new("k-2")).is_err());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(
        f.get("work", SecretName::Key).unwrap().unwrap().expose(),
        "k-open"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_malformed_file_names_the_line_not_its_text() {
    let dir = temp_dir();
    let path = dir.join("secrets.toml");
    for text in [
        "[profiles.work]\nkey = sk-unquoted-777\n",
        "[profiles.work]\nkey = 777123\n",
        "[profiles.work]\npasword = \"sk-777\"\n",
    ] {
        write_private(&path, text.as_bytes()).unwrap();
        let e = SecretsFile::new(&path)
            .get("work", SecretName::Key)
            .unwrap_err()
            .to_string();
        assert!(e.contains("secrets.toml:2:"), "{e}");
        assert!(!e.contains("777"), "{e}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_keyring_answers_or_says_it_is_unavailable() {
    // Only where no keyring can ask the user to unlock it (CI, this kind of machine).
    if cfg!(target_os = "linux") && std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        let e = keyring::get("glossa-test", SecretName::Key)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("no OS keyring available: "), "{e}");
        assert!(!e.contains('\n'), "{e}");
        let e = keyring::set("glossa-test", SecretName::Key, &Secret::new("x")).unwrap_err();
        assert!(e.to_string().starts_with("no OS keyring available: "), "{e}");
    }
    assert_eq!(
        keyring::user("work", SecretName::ManagementToken),
        "work/management_token"
    );
}
