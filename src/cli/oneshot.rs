//! The one-shot commands: connect (to the given endpoint, or to a local
//! service started in-process), read the input, call the client, print.
//!
//! Exit codes: 0 success; 1 the service answered with an error; 2 bad usage,
//! configuration or input (nothing was sent); 3 no answer (network, deadline,
//! a malformed response). Errors are one line on stderr naming the service's
//! code, `X-RequestId` and `X-ClientTraceId`. Credentials are never printed.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use super::{Command, Marker, Profanity, ServiceArgs, WatchClipboardArgs, history, human};
use crate::api::languages::Scope;
use crate::api::model::ExampleElement;
use crate::api::params::{
    BreakSentenceParams, DictionaryParams, LanguagesParams, ProfanityAction, ProfanityMarker, TextType,
    TransliterateParams,
};
use crate::client::Client;
use crate::session::{Failure, Observer, Session};

/// Runs a one-shot command; `top` holds the options given before its name.
pub fn run(command: Command, top: &ServiceArgs) -> ExitCode {
    // One thread: a one-shot sends a request or a few, and starting worker
    // threads would cost more than the look-up itself (the local service's
    // engine work still runs on tokio's blocking pool).
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return fail(&Failure::usage(format!("cannot start the runtime: {e}"))),
    };
    match runtime.block_on(execute(command, top)) {
        Ok(text) => match write_stdout(&text) {
            Ok(()) => ExitCode::SUCCESS,
            // A closed pipe (`| head`) is the reader's choice, not an error.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => fail(&Failure::usage(format!("cannot write the output: {e}"))),
        },
        Err(f) => fail(&f),
    }
}

fn fail(f: &Failure) -> ExitCode {
    eprintln!("glossa: {}", f.message);
    ExitCode::from(f.code)
}

fn write_stdout(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The texts of a command: the arguments, or stdin lines for `-`.
fn inputs(texts: Vec<String>) -> Result<Vec<String>, Failure> {
    if texts.len() != 1 || texts[0] != "-" {
        return Ok(texts);
    }
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("glossa: reading lines from the terminal; end with Ctrl+D");
    }
    let mut lines = Vec::new();
    for (n, line) in stdin.lock().split(b'\n').enumerate() {
        let mut bytes = line.map_err(|e| Failure::usage(format!("cannot read stdin: {e}")))?;
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| Failure::usage(format!("stdin line {} is not UTF-8", n + 1)))?;
        lines.push(text);
    }
    Ok(lines)
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("results serialize") + "\n"
}

async fn execute(command: Command, top: &ServiceArgs) -> Result<String, Failure> {
    let (args, needs_key) = match &command {
        Command::Translate(a) => (&a.service, true),
        Command::Languages(a) => (&a.service, false),
        Command::Lookup(a) => (&a.service, true),
        Command::Examples(a) => (&a.service, true),
        Command::Transliterate(a) => (&a.service, true),
        Command::Detect(a) => (&a.service, true),
        Command::Breaksentence(a) => (&a.service, true),
        Command::Token(a) => (&a.service, true),
        Command::WatchClipboard(a) => (&a.service, true),
        Command::Serve(_)
        | Command::Config(_)
        | Command::History(_)
        | Command::Sandbox(_)
        | Command::Themes => {
            return Err(Failure::usage("not a one-shot command (see main)"));
        }
        Command::Syncs(_)
        | Command::Refresh(_)
        | Command::Migrate(_)
        | Command::Shares(_)
        | Command::Vms(_)
        | Command::Environments(_) => {
            return Err(Failure::usage("a management command (see cli::manage)"));
        }
        Command::Export(_) | Command::Import(_) | Command::Glossary(_) => {
            return Err(Failure::usage("a data command (see cli::data)"));
        }
    };
    let args = args.clone().or(top);
    let observer: Option<Observer> = args.verbose.then(|| {
        Box::new(|r: &crate::client::RequestRecord| eprintln!("glossa: {}", r.log_line())) as Observer
    });
    let session = Session::connect(&args.settings(), needs_key, observer).await?;
    let result = dispatch(&session.client, command, args.json).await;
    session.close().await;
    result
}

async fn dispatch(c: &Client, command: Command, as_json: bool) -> Result<String, Failure> {
    Ok(match command {
        Command::Translate(a) => {
            let texts = inputs(a.input.text)?;
            let mut call = c
                .translate(&texts)
                .include_alignment(a.alignment)
                .include_sentence_length(a.sentence_length);
            if !a.to_script.is_empty() && a.to_script.len() != a.langs.to.len() {
                return Err(Failure::usage("give one --to-script per --to, in the same order"));
            }
            for (i, to) in a.langs.to.iter().enumerate() {
                call = match a.to_script.get(i) {
                    Some(script) => call.to_script(to, script),
                    None => call.to(to),
                };
            }
            if let Some(f) = a.langs.from.clone() {
                // Markup through a transliterated input would not survive: no glossary then.
                if !a.no_glossary && a.from_script.is_none() {
                    call = call.glossary(super::data::rules_for(&f, &a.langs.to));
                }
                call = call.from(f);
            }
            if let Some(s) = a.from_script {
                call = call.from_script(s);
            }
            if let Some(s) = a.suggested_from {
                call = call.suggested_from(s);
            }
            if let Some(cat) = a.category {
                call = call.category(cat);
            }
            if a.html {
                call = call.text_type(TextType::Html);
            }
            if a.no_fallback {
                call = call.allow_fallback(false);
            }
            call = call.profanity(
                match a.profanity_action {
                    Profanity::NoAction => ProfanityAction::NoAction,
                    Profanity::Marked => ProfanityAction::Marked,
                    Profanity::Deleted => ProfanityAction::Deleted,
                },
                match a.profanity_marker {
                    Marker::Asterisk => ProfanityMarker::Asterisk,
                    Marker::Tag => ProfanityMarker::Tag,
                },
            );
            let r = call.send().await?;
            if history::recording(a.no_history) {
                history::record_translations(&texts, a.langs.from.as_deref(), &a.langs.to, &r.value);
            }
            let trips = if a.round_trip {
                let from = a.langs.from.as_deref();
                Some(crate::client::round_trip::round_trips(c, &texts, from, &r.value).await?)
            } else {
                None
            };
            match (as_json, trips) {
                (true, None) => json(&r.value),
                (true, Some(trips)) => json(&human::with_round_trips(&r.value, &trips)),
                (false, trips) => human::translations(&texts, &r.value, trips.as_deref()),
            }
        }
        Command::Languages(a) => {
            let scope = a
                .scope
                .iter()
                .map(|s| {
                    Scope::parse_list(Some(s)).map_err(|_| Failure::usage(format!("unknown scope {s:?}")))
                })
                .collect::<Result<Vec<_>, _>>()?
                .concat();
            let params = LanguagesParams {
                scope,
                accept_language: a.accept_language,
                if_none_match: None,
            };
            let r = if a.fresh {
                c.languages_fresh(&params).await?
            } else {
                c.languages(&params).await?
            };
            if as_json {
                json(&r.value.response)
            } else {
                human::languages(&r.value.response)
            }
        }
        Command::Lookup(a) => {
            let terms = inputs(a.input.text)?;
            let params = DictionaryParams {
                from: a.from,
                to: a.to,
            };
            let r = c.lookup(&params, &terms).await?;
            if history::recording(a.no_history) {
                history::record_lookups(&params.from, &params.to, &terms, &r.value);
            }
            if as_json {
                json(&r.value)
            } else {
                human::lookups(&r.value)
            }
        }
        Command::Examples(a) => {
            let pairs = example_pairs(a.pairs)?;
            let params = DictionaryParams {
                from: a.from,
                to: a.to,
            };
            let r = c.examples(&params, &pairs).await?;
            if as_json {
                json(&r.value)
            } else {
                human::examples(&r.value)
            }
        }
        Command::Transliterate(a) => {
            let texts = inputs(a.input.text)?;
            let params = TransliterateParams {
                language: a.language,
                from_script: a.from_script,
                to_script: a.to_script,
            };
            let r = c.transliterate(&params, &texts).await?;
            if as_json {
                json(&r.value)
            } else {
                human::lines(r.value.iter().map(|t| t.text.as_str()))
            }
        }
        Command::Detect(a) => {
            let texts = inputs(a.input.text)?;
            let r = c.detect(&texts).await?;
            if as_json {
                json(&r.value)
            } else {
                human::detections(&r.value)
            }
        }
        Command::Breaksentence(a) => {
            let texts = inputs(a.input.text)?;
            let params = BreakSentenceParams {
                language: a.language,
                script: a.script,
            };
            let r = c.break_sentence(&params, &texts).await?;
            if as_json {
                json(&r.value)
            } else {
                human::sentences(&texts, &r.value)
            }
        }
        Command::WatchClipboard(a) => return watch_clipboard(c, a, as_json).await,
        Command::Token(a) => {
            let token = c.issue_token().await?.value;
            if std::io::stdout().is_terminal() && !a.show {
                return Err(Failure::usage(
                    "refusing to print a token to the terminal; pipe it (glossa token | …) or pass --show",
                ));
            }
            format!("{}\n", token.expose())
        }
        Command::Serve(_)
        | Command::Syncs(_)
        | Command::Refresh(_)
        | Command::Migrate(_)
        | Command::Shares(_)
        | Command::Vms(_)
        | Command::Environments(_)
        | Command::Export(_)
        | Command::Import(_)
        | Command::Glossary(_)
        | Command::Config(_)
        | Command::Sandbox(_)
        | Command::Themes
        | Command::History(_) => {
            unreachable!("checked in execute")
        }
    })
}

/// TERM TRANSLATION pairs from the arguments, or `term<TAB>translation` lines.
fn example_pairs(args: Vec<String>) -> Result<Vec<ExampleElement>, Failure> {
    let pair = |text: String, translation: String| ExampleElement { text, translation };
    if args.len() == 1 && args[0] == "-" {
        return inputs(args)?
            .into_iter()
            .enumerate()
            .map(|(n, line)| match line.split_once('\t') {
                Some((t, tr)) => Ok(pair(t.to_owned(), tr.to_owned())),
                None => Err(Failure::usage(format!(
                    "stdin line {}: expected term<TAB>translation",
                    n + 1
                ))),
            })
            .collect();
    }
    if !args.len().is_multiple_of(2) {
        return Err(Failure::usage("examples takes TERM TRANSLATION pairs"));
    }
    let mut it = args.into_iter();
    let mut out = Vec::new();
    while let (Some(t), Some(tr)) = (it.next(), it.next()) {
        out.push(pair(t, tr));
    }
    Ok(out)
}

/// `glossa watch-clipboard`: each text copied from now on, translated and printed
/// (`--json`: one JSON array per line), until interrupted; a clipboard that cannot
/// be read is an error at once (over SSH: why).
async fn watch_clipboard(c: &Client, a: WatchClipboardArgs, as_json: bool) -> Result<String, Failure> {
    let env = |k: &str| std::env::var(k).ok();
    let source = crate::clipwatch::open(&env).map_err(Failure::usage)?;
    let mut watcher = crate::clipwatch::Watcher::new(source);
    watcher
        .prime()
        .map_err(|e| Failure::usage(format!("the clipboard: {e}")))?;
    eprintln!("glossa: watching the clipboard; copy text anywhere to translate it (Ctrl+C ends)");
    loop {
        let copied = watcher
            .poll(None)
            .map_err(|e| Failure::usage(format!("the clipboard: {e}")))?;
        if let Some(text) = copied {
            let mut call = c.translate([text.as_str()]);
            for to in &a.langs.to {
                call = call.to(to);
            }
            if let Some(f) = &a.langs.from {
                call = call.from(f);
            }
            let r = call.send().await?;
            let out = match as_json {
                true => json(&r.value),
                false => human::translations(std::slice::from_ref(&text), &r.value, None),
            };
            write_stdout(&out).map_err(|e| Failure::usage(format!("stdout: {e}")))?;
        }
        tokio::time::sleep(crate::clipwatch::INTERVAL).await;
    }
}
