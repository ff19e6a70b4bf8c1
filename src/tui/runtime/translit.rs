//! The Transliterate tab's requests, each spawned through the client; the
//! answer comes back as `Msg::Translit` with the request's generation (the
//! tab drops stale ones). Errors travel as their one-line message.

use tokio::sync::mpsc;

use crate::api::params::{BreakSentenceParams, TransliterateParams};
use crate::client::{Client, ClientError};
use crate::tui::effect::Msg;
use crate::tui::tabs::translit::{TranslitReply, TranslitRequest};

/// The first result of a one-text request, or why there is none.
fn first<T>(reply: Result<crate::client::Reply<Vec<T>>, ClientError>) -> Result<T, String> {
    reply
        .map_err(|e| e.to_string())?
        .value
        .into_iter()
        .next()
        .ok_or_else(|| "the service returned no result".to_owned())
}

pub(super) fn spawn(client: &Client, request: TranslitRequest, tx: mpsc::UnboundedSender<Msg>) {
    let client = client.clone();
    tokio::spawn(async move {
        let reply = match request {
            TranslitRequest::Detect { generation, text } => TranslitReply::Detected {
                generation,
                result: first(client.detect(&[text]).await),
            },
            TranslitRequest::Transliterate {
                generation,
                text,
                language,
                from_script,
                to_script,
            } => {
                let params = TransliterateParams {
                    language,
                    from_script,
                    to_script: to_script.clone(),
                };
                let result = first(client.transliterate(&params, &[text]).await).map(|t| t.text);
                TranslitReply::Transliterated {
                    generation,
                    to_script,
                    result,
                }
            }
            TranslitRequest::BreakSentence {
                generation,
                text,
                language,
            } => {
                let params = BreakSentenceParams {
                    language,
                    script: None,
                };
                TranslitReply::Sentences {
                    generation,
                    result: first(client.break_sentence(&params, &[text]).await),
                }
            }
        };
        let _ = tx.send(Msg::Translit(reply));
    });
}
