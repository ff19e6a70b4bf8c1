//! The themes one can choose, the one chosen, and the next one.
//!
//! The catalog is the built-ins ([`Builtin::ALL`]) followed by every
//! `*.toml` in the themes directory (`$XDG_CONFIG_HOME/glossa/themes/`, the
//! file's stem is the theme's name), read once at start so switching never
//! reads a file. The theme asked for ([`Wanted`]: `--theme` or
//! `GLOSSA_THEME`, else the config file's `theme`) is a name from the catalog
//! or the path of a theme file; a choice that fails leaves `dark` in use and
//! comes back as an error to show. `NO_COLOR` wins over everything: the
//! monochrome theme is shown whatever is chosen, and cycling keeps it.
//!
//! A theme chosen while the workbench runs (the theme key, the palette's
//! `Theme: NAME` rows) is remembered as the config file's `theme`
//! ([`Catalog::config_value`]); `--theme` and `GLOSSA_THEME` still win at
//! the next start, which [`Catalog::pinned`] lets the toast say.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::file::{self, ThemeError, ThemeProblem};
use super::{Builtin, Theme};

/// Where a theme in the catalog comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Builtin(Builtin),
    File(PathBuf),
}

/// A theme with its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub theme: Theme,
    pub origin: Origin,
}

/// The theme asked for, and who asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanted {
    /// A theme's name or a theme file's path.
    pub value: String,
    /// `--theme/GLOSSA_THEME` or `config.toml theme`, for messages.
    pub from: &'static str,
}

/// [`Wanted::from`] for the command line (`--theme` or `GLOSSA_THEME`).
const COMMAND_LINE: &str = "--theme/GLOSSA_THEME";

impl Wanted {
    /// The precedence: the command line (`--theme`, whose environment
    /// variable is `GLOSSA_THEME`), then the config file; blank is unset.
    pub fn pick(command_line: Option<&str>, config: Option<&str>) -> Option<Wanted> {
        let given = |v: Option<&str>| v.map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        given(command_line)
            .map(|value| Wanted {
                value,
                from: COMMAND_LINE,
            })
            .or_else(|| {
                given(config).map(|value| Wanted {
                    value,
                    from: "the config file's theme",
                })
            })
    }

    /// A path rather than a name.
    fn is_path(&self) -> bool {
        is_path(&self.value)
    }
}

/// Whether a theme asked for is a file's path rather than a name: it has a
/// directory part or ends in `.toml`.
pub fn is_path(value: &str) -> bool {
    value.contains('/') || value.contains(std::path::MAIN_SEPARATOR) || value.ends_with(".toml")
}

/// `NO_COLOR` set to anything non-empty (<https://no-color.org>).
pub fn no_color(value: Option<&OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

/// [`Catalog::start`]'s answer.
#[derive(Clone, Debug)]
pub struct Start {
    pub catalog: Catalog,
    /// Theme files of the directory that could not be used.
    pub left_out: Vec<ThemeError>,
    /// Why the theme asked for is not in use (`dark` is).
    pub refused: Option<ThemeError>,
}

/// The themes to choose from and the one in use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    entries: Vec<Entry>,
    current: usize,
    no_color: bool,
    /// The themes directory the catalog was read from.
    dir: Option<PathBuf>,
    /// Who chose the theme at start when it was the command line
    /// (`--theme/GLOSSA_THEME`), which wins over the config file.
    pinned: Option<&'static str>,
}

impl Default for Catalog {
    /// The built-ins alone, `dark` in use.
    fn default() -> Self {
        let entries = Builtin::ALL
            .into_iter()
            .map(|b| Entry {
                name: b.name().to_owned(),
                theme: b.theme(),
                origin: Origin::Builtin(b),
            })
            .collect();
        Catalog {
            entries,
            current: 0,
            no_color: false,
            dir: None,
            pinned: None,
        }
    }
}

impl Catalog {
    /// Where user themes live: `$XDG_CONFIG_HOME/glossa/themes/` (the
    /// platform's config directory elsewhere), beside `keymap.toml`.
    pub fn default_dir() -> Option<PathBuf> {
        dirs::config_dir().map(|d| d.join("glossa").join("themes"))
    }

    /// What the workbench starts with: the catalog of `dir`, the theme
    /// `wanted` chosen, `NO_COLOR` applied, and the problems to show.
    pub fn start(dir: Option<&Path>, wanted: Option<&Wanted>, no_color: bool) -> Start {
        let (mut catalog, mut left_out) = Catalog::load(dir);
        catalog.no_color = no_color;
        catalog.pinned = wanted.map(|w| w.from).filter(|&f| f == COMMAND_LINE);
        let refused = wanted.and_then(|w| catalog.select(w).err()).map(|e| {
            // A name whose file was left out: that file's error says why.
            let stem = |e: &ThemeError| match e {
                ThemeError::File { file, .. } => file.file_stem().map(|s| s.to_string_lossy().into_owned()),
                ThemeError::Unknown { .. } => None,
            };
            let name = wanted.map(|w| w.value.as_str());
            match left_out.iter().position(|l| stem(l).as_deref() == name) {
                Some(i) if matches!(e, ThemeError::Unknown { .. }) => left_out.remove(i),
                _ => e,
            }
        });
        Start {
            catalog,
            left_out,
            refused,
        }
    }

    /// The built-ins, then each theme file of `dir` that loads, by name;
    /// the files that do not, as errors. No directory: the built-ins.
    pub fn load(dir: Option<&Path>) -> (Catalog, Vec<ThemeError>) {
        let mut catalog = Catalog::default();
        let mut problems = Vec::new();
        let Some(dir) = dir else {
            return (catalog, problems);
        };
        catalog.dir = Some(dir.to_path_buf());
        let files = match std::fs::read_dir(dir) {
            Ok(read) => {
                let mut files: Vec<PathBuf> = read
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension() == Some(OsStr::new("toml")))
                    .collect();
                files.sort();
                files
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => {
                problems.push(ThemeError::File {
                    file: dir.to_path_buf(),
                    problem: Box::new(ThemeProblem::Read(e.to_string())),
                });
                Vec::new()
            }
        };
        for path in files {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if Builtin::from_name(&name).is_some() {
                problems.push(ThemeError::File {
                    problem: Box::new(ThemeProblem::NameTaken { name }),
                    file: path,
                });
                continue;
            }
            match read(&path) {
                Ok(theme) => catalog.entries.push(Entry {
                    name,
                    theme,
                    origin: Origin::File(path),
                }),
                Err(e) => problems.push(e),
            }
        }
        (catalog, problems)
    }

    /// Puts `wanted` in use: a name from the catalog, or a theme file's path
    /// (read now and added). On failure the theme in use stays.
    pub fn select(&mut self, wanted: &Wanted) -> Result<(), ThemeError> {
        if wanted.is_path() {
            let path = PathBuf::from(&wanted.value);
            let theme = read(&path)?;
            let at = self
                .entries
                .iter()
                .position(|e| e.origin == Origin::File(path.clone()));
            self.current = at.unwrap_or_else(|| {
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                let name = stem
                    .filter(|s| !s.is_empty() && self.position(s).is_none())
                    .unwrap_or_else(|| path.display().to_string());
                self.entries.push(Entry {
                    name,
                    theme,
                    origin: Origin::File(path),
                });
                self.entries.len() - 1
            });
            return Ok(());
        }
        if let Some(i) = self.position(&wanted.value) {
            self.current = i;
            return Ok(());
        }
        Err(ThemeError::Unknown {
            name: wanted.value.clone(),
            from: wanted.from.to_owned(),
            known: self.entries.iter().map(|e| e.name.clone()).collect(),
        })
    }

    fn position(&self, name: &str) -> Option<usize> {
        let builtin = Builtin::from_name(name).map(Builtin::name);
        let name = builtin.unwrap_or(name);
        self.entries.iter().position(|e| e.name == name)
    }

    /// The theme to draw with: the chosen one, or monochrome under `NO_COLOR`.
    pub fn theme(&self) -> Theme {
        if self.no_color {
            return Builtin::Monochrome.theme();
        }
        self.current().theme
    }

    /// The theme chosen (what is drawn unless `NO_COLOR` is set).
    pub fn current(&self) -> &Entry {
        &self.entries[self.current]
    }

    /// Whether `NO_COLOR` holds the monochrome theme in place.
    pub fn no_color(&self) -> bool {
        self.no_color
    }

    /// Every theme, in cycling order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The theme named `name` put in use; `None` under `NO_COLOR` (which
    /// nothing overrides) or when there is no such theme.
    pub fn choose(&mut self, name: &str) -> Option<&Entry> {
        if self.no_color {
            return None;
        }
        self.current = self.position(name)?;
        Some(self.current())
    }

    /// What the config file's `theme` must say to choose the theme in use at
    /// the next start: a built-in's or the themes directory's theme by its
    /// name, any other theme file by its path.
    pub fn config_value(&self) -> String {
        let entry = self.current();
        match &entry.origin {
            Origin::Builtin(b) => b.name().to_owned(),
            Origin::File(path) => {
                let in_dir = self.dir.is_some() && path.parent() == self.dir.as_deref();
                let named = path
                    .file_stem()
                    .is_some_and(|s| s.to_string_lossy() == entry.name);
                match in_dir && named {
                    true => entry.name.clone(),
                    false => path.display().to_string(),
                }
            }
        }
    }

    /// Who chose the theme at start, when it was the command line
    /// (`--theme/GLOSSA_THEME`): then the config file's `theme` is not read.
    pub fn pinned(&self) -> Option<&'static str> {
        self.pinned
    }

    /// The next theme (wrapping around) put in use; `None` under `NO_COLOR`,
    /// which nothing overrides.
    pub fn cycle(&mut self) -> Option<&Entry> {
        if self.no_color {
            return None;
        }
        self.current = (self.current + 1) % self.entries.len();
        Some(self.current())
    }
}

/// A theme file read and parsed.
fn read(path: &Path) -> Result<Theme, ThemeError> {
    let text = std::fs::read_to_string(path).map_err(|e| ThemeError::File {
        file: path.to_path_buf(),
        problem: Box::new(ThemeProblem::Read(e.to_string())),
    })?;
    file::parse(&text, path)
}
