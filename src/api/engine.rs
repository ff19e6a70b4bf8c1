//! Which engine produced a target: the value of Glossa's own
//! `X-Glossa-Engine` header ([`super::headers::GLOSSA_ENGINE`]), one entry
//! per target in target order. The local service sets it on every
//! translate answer; a real Azure endpoint does not, and then nothing is
//! known (the workbench labels nothing).

/// An engine of the local service. Ordered by how much of a claim its
/// output is not: a target glossed in any part of a request is a gloss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Engine {
    /// The text was already in the target language: itself.
    Same,
    /// Apertium translated it.
    Apertium,
    /// The word-by-word gloss translator.
    Gloss,
}

impl Engine {
    /// The header's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Same => "same",
            Engine::Apertium => "apertium",
            Engine::Gloss => "gloss",
        }
    }

    /// One entry of the header (any case, spaces around it ignored).
    pub fn parse(entry: &str) -> Option<Engine> {
        let e = entry.trim();
        [Engine::Same, Engine::Apertium, Engine::Gloss]
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(e))
    }

    /// The header's value for `engines` (target order).
    pub fn header(engines: &[Engine]) -> String {
        engines.iter().map(|e| e.name()).collect::<Vec<_>>().join(",")
    }

    /// The entries of a header value, in target order (`None`: unknown).
    pub fn list(value: &str) -> Vec<Option<Engine>> {
        value.split(',').map(Engine::parse).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Engine;

    #[test]
    fn header_round_trips_and_tolerates_case_and_spaces() {
        let all = [Engine::Gloss, Engine::Apertium, Engine::Same];
        assert_eq!(Engine::header(&all), "gloss,apertium,same");
        assert_eq!(
            Engine::list(" Gloss ,apertium,SAME,moses"),
            vec![
                Some(Engine::Gloss),
                Some(Engine::Apertium),
                Some(Engine::Same),
                None
            ]
        );
        assert!(Engine::Gloss > Engine::Apertium && Engine::Apertium > Engine::Same);
    }
}
