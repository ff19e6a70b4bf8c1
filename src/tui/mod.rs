//! The workbench (TUI): `glossa` with no command.
//!
//! One task owns the terminal (STYLE.md §1): a `select!` over crossterm's
//! event stream, the channel of client replies and the debounce deadline.
//! Inputs go through `app` (pure state + effects), effects are carried out
//! here by spawning client calls, and a frame is drawn only after something
//! changed — idle means no redraws.

pub mod align;
pub mod app;
pub mod clipboard;
pub mod keymap;
pub mod picker;
pub mod theme;
mod view;
#[cfg(test)]
mod view_tests;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use crossterm::event::{Event, EventStream, KeyEvent, KeyEventKind};
use futures_util::StreamExt;
use ratatui_textarea::{TextArea, WrapMode};
use tokio::sync::mpsc;

use self::app::{Effect, Msg, Translate};
use self::keymap::{Action, Context, Keymap};
use crate::cli::ServiceArgs;
use crate::cli::connect::Session;
use crate::client::Client;

/// Everything the workbench shows.
pub struct State {
    pub editor: TextArea<'static>,
    /// Whether the editor has the focus (it has at start).
    pub editing: bool,
    pub translate: Translate,
    /// "local engine" or the endpoint.
    pub service: String,
    pub keymap: Keymap,
    pub theme: theme::Theme,
    /// The `?` overlay is open.
    pub help: bool,
    /// A problem to show in the status line (e.g. a bad user keymap).
    pub notice: Option<String>,
    pub quit: bool,
}

impl State {
    pub fn new(service: String) -> Self {
        let mut editor = TextArea::default();
        editor.set_wrap_mode(WrapMode::Word);
        editor.set_placeholder_text("Type or paste text to translate…");
        Self {
            editor,
            editing: true,
            translate: Translate::new(vec!["ja".into(), "zh-Hans".into()]),
            service,
            keymap: Keymap::defaults(),
            theme: theme::Theme::default(),
            help: false,
            notice: None,
            quit: false,
        }
    }

    /// Whether the workbench does something with `action` yet: only those
    /// are shown in the hints and the help overlay.
    pub fn handles(action: Action) -> bool {
        matches!(
            action,
            Action::Quit | Action::Help | Action::Back | Action::LeaveEditor | Action::FocusEditor
        )
    }

    /// Where keys are routed, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        let mut stack = Vec::new();
        if self.help {
            stack.push(Context::Popup);
        }
        stack.push(if self.editing {
            Context::Editor
        } else {
            Context::Targets
        });
        stack.push(Context::Translate);
        stack
    }

    fn text(&self) -> String {
        self.editor.lines().join("\n")
    }

    /// The editor cursor as a byte offset in `text()`.
    fn cursor_byte(&self) -> usize {
        let (row, col) = (self.editor.cursor().0, self.editor.cursor().1);
        let lines = self.editor.lines();
        let before: usize = lines.iter().take(row).map(|l| l.len() + 1).sum();
        let line = lines.get(row).map_or("", String::as_str);
        before + line.char_indices().nth(col).map_or(line.len(), |(b, _)| b)
    }

    /// Lights up what the word under the source cursor aligns with.
    pub fn refresh_highlight(&mut self) {
        if self.translate.alignment.is_none() {
            return;
        }
        let (text, byte) = (self.text(), self.cursor_byte());
        self.translate.point_at(&text, byte);
    }

    /// A key press; returns the effects to carry out.
    pub fn key(&mut self, key: KeyEvent, now: Instant) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        match self.keymap.action(&self.contexts(), &key) {
            Some(Action::Quit) => self.quit = true,
            Some(Action::Help) => self.help = !self.help,
            Some(Action::Back) if self.help => self.help = false,
            Some(Action::LeaveEditor) => self.editing = false,
            Some(Action::FocusEditor) => {
                self.help = false;
                self.editing = true;
            }
            Some(_) => {}
            None if self.editing && !self.help && self.editor.input(key) => self.translate.edited(now),
            None => {}
        }
        Vec::new()
    }

    /// Pasted text: control characters other than newline and tab dropped,
    /// CRLF made LF, inserted at the cursor in one edit.
    pub fn paste(&mut self, text: &str, now: Instant) -> Vec<Effect> {
        let clean: String = text
            .replace("\r\n", "\n")
            .chars()
            .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
            .collect();
        self.editing = true;
        if self.editor.insert_str(clean) {
            self.translate.edited(now);
        }
        Vec::new()
    }

    /// The debounce deadline passed.
    pub fn tick(&mut self, now: Instant) -> Vec<Effect> {
        let text = self.text();
        self.translate.tick(now, &text)
    }
}

/// Runs the workbench until the user quits.
pub fn run(args: &ServiceArgs) -> ExitCode {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        eprintln!("glossa: the workbench needs a terminal; `glossa --help` lists the commands for scripts");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("glossa: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let session = match Session::connect(args, false, None).await {
            Ok(s) => s,
            Err(f) => {
                eprintln!("glossa: {}", f.message);
                return ExitCode::from(f.code);
            }
        };
        let service = if session.is_local() {
            "local engine".to_owned()
        } else {
            session.client.endpoint().base().to_owned()
        };
        let mut terminal = ratatui::init();
        let _ = crossterm::execute!(std::io::stdout(), crossterm::event::EnableBracketedPaste);
        let mut state = State::new(service);
        state.theme = theme::Theme::from_env();
        let (keymap, problem) = Keymap::load_or_defaults(Keymap::default_path().as_deref());
        state.keymap = keymap;
        state.notice = problem.map(|e| format!("{e} — using the default keys"));
        let result = event_loop(&mut terminal, &session.client, state).await;
        let _ = crossterm::execute!(std::io::stdout(), crossterm::event::DisableBracketedPaste);
        ratatui::restore();
        let _ = std::io::stdout().flush();
        session.close().await;
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("glossa: terminal error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    client: &Client,
    mut state: State,
) -> std::io::Result<()> {
    let mut events = EventStream::new();
    let (tx, mut rx) = mpsc::unbounded_channel::<Msg>();
    view::decorate_editor(&mut state);
    terminal.draw(|f| view::draw(f, &state))?;
    loop {
        let due = state.translate.due().map(tokio::time::Instant::from_std);
        let effects = tokio::select! {
            event = events.next() => match event {
                Some(Ok(Event::Key(key))) => state.key(key, Instant::now()),
                Some(Ok(Event::Paste(text))) => state.paste(&text, Instant::now()),
                Some(Ok(_)) => Vec::new(),
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            },
            Some(msg) = rx.recv() => {
                state.translate.message(msg);
                state.refresh_highlight();
                Vec::new()
            }
            () = async {
                match due {
                    Some(t) => tokio::time::sleep_until(t).await,
                    None => std::future::pending().await,
                }
            } => state.tick(Instant::now()),
        };
        for effect in effects {
            spawn(client, effect, tx.clone());
        }
        state.refresh_highlight();
        if state.quit {
            return Ok(());
        }
        view::decorate_editor(&mut state);
        terminal.draw(|f| view::draw(f, &state))?;
    }
}

/// Carries out an effect in the background; the reply comes back as a `Msg`.
fn spawn(client: &Client, effect: Effect, tx: mpsc::UnboundedSender<Msg>) {
    let client = client.clone();
    tokio::spawn(async move {
        match effect {
            Effect::Translate {
                generation,
                text,
                from,
                targets,
            } => {
                let mut call = client
                    .translate([text.as_str()])
                    .include_alignment(true)
                    .include_sentence_length(true);
                for t in &targets {
                    call = call.to(t);
                }
                if let Some(f) = from {
                    call = call.from(f);
                }
                let result = call.send().await.and_then(|r| {
                    let metered = r.metered_usage();
                    let first = r.value.into_iter().next().ok_or_else(|| {
                        crate::client::ClientError::Input("the service returned no result".into())
                    })?;
                    Ok((first, metered))
                });
                let _ = tx.send(Msg::Translated {
                    generation,
                    text,
                    result,
                });
            }
        }
    });
}
