//! What the user means ([`Action`]) and where a key is pressed ([`Context`]).
//!
//! Every action is declared once, in the `actions!` table below, with the name the TOML
//! keymap uses and the short description the footer and the help overlay show. The
//! declaration order is the order of importance: hints are sorted by it, so the footer
//! can cut from the end when the terminal is narrow.

use serde::{Deserialize, Serialize};

/// Declares [`Action`] with its TOML name and description in one place, plus
/// [`Action::ALL`] so nothing can be declared without being listed.
macro_rules! actions {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $description:literal;)*) => {
        /// What the user meant by a key. The keymap names these; the app's `update`
        /// decides what each means in the current state.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Action {
            $($(#[$doc])* #[serde(rename = $name)] $variant,)*
        }

        impl Action {
            /// Every action, most important first.
            pub const ALL: &'static [Action] = &[$(Action::$variant,)*];

            /// The name used in keymap files (`snake_case`, as serde reads it).
            pub fn name(self) -> &'static str {
                match self { $(Action::$variant => $name,)* }
            }

            /// A short human description, for footer hints and the help overlay.
            pub fn description(self) -> &'static str {
                match self { $(Action::$variant => $description,)* }
            }
        }
    };
}

actions! {
    /// Open (or close) the help overlay.
    Help = "help", "help";
    /// Leave the application.
    Quit = "quit", "quit";
    /// Open the command palette: every action, searched by name.
    Palette = "palette", "command palette";
    /// Stop a translation in parts (a long text, a Markdown file); what came
    /// back is kept, and refresh goes on from there.
    CancelTranslation = "cancel_translation", "stop translating";
    /// Give up the editor's focus, so single keys are commands again.
    LeaveEditor = "leave_editor", "leave editor";
    /// Put the focus in the text editor.
    FocusEditor = "focus_editor", "edit";
    /// Show the dictionary alternatives of the target word under the cursor
    /// (the look-up of the source word it is aligned with), in place.
    WordAlternatives = "word_alternatives", "alternatives";
    /// Choose the highlighted item; in a multi-choice list, accept the choice.
    Select = "select", "select";
    /// Add the highlighted item to a multi-choice list, or take it out.
    Toggle = "toggle", "toggle";
    /// Close the popup, or go back one step (dictionary drill-down).
    Back = "back", "back";
    /// Open the target-language picker.
    PickTargets = "pick_targets", "targets";
    /// Open the source-language picker.
    PickSource = "pick_source", "source language";
    /// Swap source and target language.
    Swap = "swap", "swap languages";
    /// Open the options popup.
    Options = "options", "options";
    /// Open the glossary: forced translations per language pair.
    Glossary = "glossary", "glossary";
    /// Look up the word under the cursor in the dictionary.
    LookupWord = "lookup_word", "look up word";
    /// Copy the focused target's text.
    CopyTarget = "copy_target", "copy target";
    /// Copy every target, labelled.
    CopyAll = "copy_all", "copy all";
    /// Copy the source text.
    CopySource = "copy_source", "copy source";
    /// Copy the alignment pairs as text.
    CopyAlignment = "copy_alignment", "copy alignment";
    /// Cycle the script the focused target is also shown in (toScript).
    ToScript = "to_script", "target script";
    /// Toggle the sentence view.
    SentenceView = "sentence_view", "sentences";
    /// Toggle the round trip: each target translated back, differences marked.
    RoundTrip = "round_trip", "round trip";
    /// Save each target next to the opened file (`notes.txt` → `notes.ja.txt`).
    SaveTranslations = "save_translations", "save translations";
    /// Open a text file as the source, as `glossa FILE` does: asks for its path.
    OpenFile = "open_file", "open file…";
    /// Complete the path typed so far (the file prompt).
    Complete = "complete", "complete path";
    /// Watch the clipboard: text copied elsewhere becomes the source, translated at once.
    WatchClipboard = "watch_clipboard", "watch clipboard";
    /// Hear it: speak the source, the focused target or the selected dictionary word
    /// through espeak-ng (again: stop).
    Speak = "speak", "hear it";
    /// Open the request log.
    RequestLog = "request_log", "request log";
    /// Open (or close) the History view: past translations and look-ups.
    History = "history", "history";
    /// Request again now (translate now, reload a table).
    Refresh = "refresh", "refresh";
    /// Sort a table by its next column.
    SortNext = "sort_next", "sort column";
    /// Flip a table's sort direction.
    SortReverse = "sort_reverse", "reverse sort";
    /// Type a filter for a table.
    Filter = "filter", "filter";
    /// Add an entry (glossary).
    Add = "add", "add";
    /// Edit the selected entry.
    Edit = "edit", "edit";
    /// Delete the selected entry or row (glossary, history; asks first).
    Delete = "delete", "delete";
    /// Show the entries of every language pair, or only the current ones.
    AllPairs = "all_pairs", "all pairs";
    /// Pause or resume a table's auto-refresh.
    Pause = "pause", "pause refresh";
    /// Load the next page of a paged list.
    LoadMore = "load_more", "load more";
    /// Show the next view of a tab (Manage: syncs, refresh, migrations).
    NextView = "next_view", "next view";
    /// Show the previous view of a tab.
    PrevView = "prev_view", "previous view";
    /// Focus the next pane.
    FocusNext = "focus_next", "next pane";
    /// Focus the previous pane.
    FocusPrev = "focus_prev", "previous pane";
    /// Move to the previous word (alignment highlighting follows).
    WordLeft = "word_left", "previous word";
    /// Move to the next word.
    WordRight = "word_right", "next word";
    /// Scroll or move the selection up.
    ScrollUp = "scroll_up", "up";
    /// Scroll or move the selection down.
    ScrollDown = "scroll_down", "down";
    /// One page up.
    PageUp = "page_up", "page up";
    /// One page down.
    PageDown = "page_down", "page down";
    /// To the start (the help overlay, the request log).
    Top = "top", "to the start";
    /// To the end.
    Bottom = "bottom", "to the end";
    /// Show the Translate tab.
    TabTranslate = "tab_translate", "Translate";
    /// Show the Dictionary tab.
    TabDictionary = "tab_dictionary", "Dictionary";
    /// Show the Transliterate tab.
    TabTransliterate = "tab_transliterate", "Transliterate";
    /// Show the Manage tab.
    TabManage = "tab_manage", "Manage";
    /// Show the next tab.
    NextTab = "next_tab", "next tab";
    /// Show the previous tab.
    PrevTab = "prev_tab", "previous tab";
    /// Choose another profile of the config file (reconnects).
    PickProfile = "pick_profile", "profile";
    /// Switch to the next theme (the built-ins, then the user's theme files).
    CycleTheme = "cycle_theme", "next theme";
}

impl Action {
    /// Whether it works on every tab (and closes a pop-up that leaves it alone).
    pub fn is_global(self) -> bool {
        use Action::*;
        matches!(
            self,
            Quit | Help
                | Palette
                | RequestLog
                | PickProfile
                | CycleTheme
                | History
                | TabTranslate
                | TabDictionary
                | TabTransliterate
                | TabManage
                | NextTab
                | PrevTab
        )
    }

    /// The action a keymap file calls `name`.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The description where `context` binds the action: the same action
    /// means something more particular on some tabs (the footer and help).
    pub fn description_in(self, context: Context) -> &'static str {
        use Action::*;
        match (context, self) {
            (Context::Dictionary, Select) => "open",
            (Context::Manage, CopyTarget) => "copy in full",
            (Context::Manage, PickSource) => "pick a value",
            (Context::Dictionary, FocusEditor) => "search",
            (Context::Dictionary, PickSource) => "from",
            (Context::Dictionary, PickTargets) => "to",
            (Context::Dictionary, LookupWord) => "pivot",
            (Context::Dictionary, CopyTarget) => "copy selected",
            (Context::Dictionary, CopyAll) => "copy page",
            (Context::Dictionary, Refresh) => "ask again",
            (Context::DictionarySearch, Select) => "look up",
            (Context::DictionarySearch, LeaveEditor) => "to the results",
            (Context::DictionarySearch, ScrollUp) => "earlier look-up",
            (Context::DictionarySearch, ScrollDown) => "later look-up",
            (Context::Alternatives, Back) => "close",
            (Context::Alternatives, LookupWord) => "in Dictionary tab",
            (Context::Transliterate, PickSource) => "language",
            (Context::Transliterate, Swap) => "preview as input",
            (Context::Transliterate, CopyTarget) => "copy preview",
            (Context::Transliterate, CopySource) => "copy input",
            (Context::Transliterate, FocusNext) => "next preview",
            (Context::Transliterate, FocusPrev) => "previous preview",
            (Context::Transliterate, Refresh) => "ask again",
            _ => self.description(),
        }
    }
}

/// Where a key is pressed: one table of bindings each. The app passes the contexts that
/// are active, innermost first (see the module docs of `keymap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Context {
    /// Everywhere; consulted last.
    Global,
    /// The Translate tab (editor and target panes).
    Translate,
    /// The text editor has the focus: printable keys are text.
    Editor,
    /// A target pane has the focus.
    Targets,
    /// A popup list with a search line: printable keys are search text.
    Picker,
    /// An overlay: options, help, request log.
    Popup,
    /// The word alternatives popup over a target pane.
    Alternatives,
    /// The glossary overlay's list (its form types text through `editor`).
    Glossary,
    /// The History view: its search line has the focus, printable keys are search text.
    History,
    /// The Dictionary tab.
    Dictionary,
    /// The Dictionary tab's search line: printable keys are the terms.
    DictionarySearch,
    /// The Transliterate tab.
    Transliterate,
    /// The Manage tab.
    Manage,
    /// The command palette: its search line has the focus, printable keys are search text.
    Palette,
    /// A text being translated in parts: its progress bar is shown.
    Translating,
    /// The file prompt of `open_file`: its path line has the focus.
    Prompt,
}

impl Context {
    /// Every context, in the order the help overlay lists them.
    pub const ALL: &'static [Context] = &[
        Context::Global,
        Context::Translate,
        Context::Editor,
        Context::Targets,
        Context::Picker,
        Context::Popup,
        Context::Alternatives,
        Context::Glossary,
        Context::History,
        Context::Dictionary,
        Context::DictionarySearch,
        Context::Transliterate,
        Context::Manage,
        Context::Palette,
        Context::Translating,
        Context::Prompt,
    ];

    /// The table name in keymap files.
    pub fn name(self) -> &'static str {
        match self {
            Context::Global => "global",
            Context::Translate => "translate",
            Context::Editor => "editor",
            Context::Targets => "targets",
            Context::Picker => "picker",
            Context::Popup => "popup",
            Context::Alternatives => "alternatives",
            Context::Glossary => "glossary",
            Context::History => "history",
            Context::Dictionary => "dictionary",
            Context::DictionarySearch => "dictionary_search",
            Context::Transliterate => "transliterate",
            Context::Manage => "manage",
            Context::Palette => "palette",
            Context::Translating => "translating",
            Context::Prompt => "prompt",
        }
    }

    /// A title for the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Context::Global => "Everywhere",
            Context::Translate => "Translate tab",
            Context::Editor => "Editing text",
            Context::Targets => "Target panes",
            Context::Picker => "Language picker",
            Context::Popup => "Popups",
            Context::Alternatives => "Word alternatives",
            Context::Glossary => "Glossary",
            Context::History => "History view",
            Context::Dictionary => "Dictionary tab",
            Context::DictionarySearch => "Dictionary search line",
            Context::Transliterate => "Transliterate tab",
            Context::Manage => "Manage tab",
            Context::Palette => "Command palette",
            Context::Translating => "Translating in parts",
            Context::Prompt => "File prompt",
        }
    }

    /// The context a keymap file calls `name`.
    pub fn from_name(name: &str) -> Option<Context> {
        Context::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// Whether it lies over the focused pane without taking the focus (the
    /// progress bar's Esc): the pane under it still decides what is text.
    pub fn is_layer(self) -> bool {
        self == Context::Translating
    }

    /// Whether this context, when it has the focus, takes typed text: then printable keys
    /// without Ctrl/Alt are text, never commands.
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Context::Editor
                | Context::Picker
                | Context::History
                | Context::DictionarySearch
                | Context::Palette
                | Context::Prompt
        )
    }
}
