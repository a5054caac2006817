//! New names that keep a name's meaning: the parts of the old one replaced by synonyms from a
//! fixed vocabulary, or, for parts it does not know, words of the docstring or generic nouns;
//! every choice seeded (by the seed, the item and the name), so a seed gives the same variant.

use std::collections::BTreeSet;

use benchgen_core::digest::digest_fields;

/// Synonyms of common name parts. A part not listed keeps nothing of itself: it is replaced by
/// a docstring word or a generic noun.
const SYNONYMS: &[(&str, &[&str])] = &[
    ("add", &["combine", "plus"]),
    ("rgb", &["red_green_blue", "colour_triple"]),
    ("yiq", &["luma_chroma", "ntsc"]),
    ("hls", &["hue_lightness", "lightness_model"]),
    ("hsv", &["hue_value", "value_model"]),
    ("frac", &["ratio", "quotient"]),
    ("integer", &["whole", "integral"]),
    ("decimal", &["exact", "base_ten"]),
    ("geometric", &["multiplicative", "log_scale"]),
    ("harmonic", &["reciprocal", "rate"]),
    ("multimode", &["all_commonest", "every_commonest"]),
    ("quantiles", &["cut_points", "split_points"]),
    ("nsmallest", &["lowest_n", "bottom_n"]),
    ("nlargest", &["highest_n", "top_n"]),
    ("fnmatchcase", &["glob_match_exact", "pattern_match_exact"]),
    ("fmean", &["fast_average", "float_average"]),
    ("limit", &["bound", "cap"]),
    ("denominator", &["divisor", "bottom"]),
    ("ratio", &["proportion", "pair"]),
    ("cdata", &["raw_text", "literal_text"]),
    ("rto", &["round_odd", "odd_rounded"]),
    ("grouped", &["binned", "bucketed"]),
    ("wrapper", &["folder", "formatter"]),
    ("parser", &["reader", "scanner"]),
    ("html", &["markup", "web_page"]),
    ("textwrapper", &["passage_folder", "paragraph_formatter"]),
    ("fraction", &["rational", "quotient"]),
    ("feed", &["supply", "give"]),
    ("lower", &["bottom", "floor"]),
    ("kwargs", &["options", "settings"]),
    ("args", &["arguments", "positionals"]),
    ("all", &["every", "whole"]),
    ("append", &["attach", "extend"]),
    ("arr", &["elements", "entries"]),
    ("array", &["elements", "series"]),
    ("as", &["into", "like"]),
    ("avg", &["typical", "central"]),
    ("b", &["second", "other"]),
    ("balance", &["even", "level"]),
    ("by", &["per", "using"]),
    ("c", &["third", "symbol"]),
    ("calc", &["derive", "figure"]),
    ("char", &["symbol", "glyph"]),
    ("chars", &["symbols", "glyphs"]),
    ("check", &["verify", "validate"]),
    ("chunk", &["piece", "segment"]),
    ("chunks", &["pieces", "segments"]),
    ("count", &["tally", "amount"]),
    ("data", &["values", "observations"]),
    ("decode", &["unpack", "restore"]),
    ("divmod", &["quotient_remainder", "split_division"]),
    ("encode", &["pack", "encipher"]),
    ("escape", &["guard", "protect"]),
    ("even", &["paired", "balanced"]),
    ("fill", &["pad", "flow"]),
    ("filter", &["select", "screen"]),
    ("find", &["locate", "search"]),
    ("first", &["initial", "leading"]),
    ("floordiv", &["floor_quotient", "whole_quotient"]),
    ("format", &["render", "layout"]),
    ("get", &["fetch", "obtain"]),
    ("group", &["cluster", "bundle"]),
    ("groups", &["clusters", "bundles"]),
    ("has", &["holds", "contains"]),
    ("i", &["idx", "pos"]),
    ("idx", &["position", "slot"]),
    ("indent", &["margin", "offset"]),
    ("index", &["position", "slot"]),
    ("is", &["verify", "detect"]),
    ("item", &["element", "entry"]),
    ("items", &["elements", "entries"]),
    ("j", &["cursor", "jdx"]),
    ("join", &["concatenate", "combine"]),
    ("k", &["amount", "kth"]),
    ("key", &["rank", "keyfunc"]),
    ("largest", &["biggest", "greatest"]),
    ("last", &["final", "trailing"]),
    ("len", &["size", "extent"]),
    ("length", &["size", "extent"]),
    ("line", &["row", "record"]),
    ("lines", &["rows", "records"]),
    ("list", &["sequence", "collection"]),
    ("lst", &["sequence", "collection"]),
    ("low", &["lower", "bottom"]),
    ("high", &["upper", "top"]),
    ("make", &["build", "create"]),
    ("max", &["greatest", "peak"]),
    ("mean", &["average", "centre"]),
    ("median", &["middle", "midpoint"]),
    ("merge", &["combine", "interleave"]),
    ("min", &["least", "floor"]),
    ("mod", &["remainder", "residue"]),
    ("mode", &["commonest", "prevalent"]),
    ("munge", &["normalise", "tidy"]),
    ("n", &["count", "num"]),
    ("name", &["label", "title"]),
    ("num", &["quantity", "figure"]),
    ("number", &["quantity", "figure"]),
    ("numbers", &["quantities", "figures"]),
    ("nums", &["quantities", "figures"]),
    ("of", &["for", "from"]),
    ("paren", &["bracket", "brace"]),
    ("palindrome", &["mirror_word", "symmetric"]),
    ("parse", &["read", "interpret"]),
    ("pattern", &["template", "mask"]),
    ("pos", &["place", "spot"]),
    ("prefix", &["head", "lead"]),
    ("quote", &["shell_escape", "protect"]),
    ("remove", &["drop", "discard"]),
    ("replace", &["substitute", "swap"]),
    ("res", &["outcome", "answer"]),
    ("result", &["outcome", "answer"]),
    ("ret", &["outcome", "answer"]),
    ("reverse", &["invert", "flip"]),
    ("s", &["chars", "src"]),
    ("separate", &["split", "divide"]),
    ("set", &["assign", "put"]),
    ("shorten", &["truncate", "abbreviate"]),
    ("sort", &["order", "arrange"]),
    ("split", &["divide", "cut"]),
    ("sqrt", &["root", "square_root"]),
    ("ss", &["squares", "sum_squares"]),
    ("start", &["begin", "origin"]),
    ("end", &["finish", "stop"]),
    ("stdev", &["spread", "deviation"]),
    ("pstdev", &["population_spread", "population_deviation"]),
    ("str", &["chars", "string_value"]),
    ("string", &["chars", "sentence"]),
    ("sum", &["total", "accumulate"]),
    ("text", &["passage", "content"]),
    ("to", &["into", "as"]),
    ("total", &["aggregate", "overall"]),
    ("unescape", &["unguard", "restore"]),
    ("value", &["amount", "quantity"]),
    ("values", &["amounts", "quantities"]),
    ("variance", &["dispersion", "spread"]),
    ("pvariance", &["population_dispersion", "population_spread"]),
    ("whitespace", &["blanks", "spacing"]),
    ("width", &["span", "columns"]),
    ("word", &["term", "token"]),
    ("words", &["terms", "tokens"]),
    ("wrap", &["fold", "break_lines"]),
    ("x", &["value", "operand"]),
    ("y", &["other", "second_value"]),
    ("z", &["third_value", "extra"]),
];

/// Verbs for a function none of whose parts is known.
const VERBS: &[&str] = &[
    "compute",
    "derive",
    "produce",
    "evaluate",
    "determine",
    "resolve",
];
/// Nouns for a name none of whose parts is known, when the docstring offers none.
const NOUNS: &[&str] = &[
    "amount", "entry", "element", "piece", "record", "figure", "unit", "portion", "quantity",
    "token", "measure", "sample",
];

/// Words of a docstring that say nothing of the function.
const STOPWORDS: &[&str] = &[
    "the",
    "and",
    "for",
    "that",
    "this",
    "with",
    "from",
    "into",
    "are",
    "its",
    "return",
    "returns",
    "given",
    "list",
    "string",
    "number",
    "value",
    "values",
    "which",
    "each",
    "will",
    "not",
    "you",
    "your",
    "have",
    "has",
    "was",
    "all",
    "any",
    "can",
    "one",
    "two",
    "then",
    "than",
    "when",
    "where",
    "there",
    "their",
    "these",
    "those",
    "such",
    "but",
    "also",
    "only",
    "input",
    "output",
    "function",
    "example",
    "true",
    "false",
    "none",
    "int",
    "str",
    "float",
    "self",
    "args",
    "kwargs",
    "returning",
    "return",
];

/// Python's built-in names and keywords: never a new name.
const RESERVED: &[&str] = &[
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "match",
    "case",
    "type",
    "self",
    "cls",
];

/// What a name names, which decides its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Function,
    Class,
    Local,
}

/// Chooses new names for one item, never one already taken.
pub struct Namer {
    seed: u64,
    item: String,
    doc_words: Vec<String>,
    taken: BTreeSet<String>,
}

impl Namer {
    /// `taken`: every name the item's texts use; `docstring`: the target's, for words.
    pub fn new(seed: u64, item: &str, docstring: &str, taken: BTreeSet<String>) -> Self {
        let mut doc_words: Vec<String> = Vec::new();
        for word in docstring
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.chars().skip(1).all(|c| c.is_ascii_lowercase()))
            .map(str::to_ascii_lowercase)
            .filter(|w| w.len() >= 4 && !STOPWORDS.contains(&w.as_str()))
        {
            if !doc_words.contains(&word) && doc_words.len() < 8 {
                doc_words.push(word);
            }
        }
        Self {
            seed,
            item: item.to_string(),
            doc_words,
            taken,
        }
    }

    /// A number from the seed, the item, `name` and `salt`.
    fn pick(&self, name: &str, salt: &str, choices: usize) -> usize {
        let digest = digest_fields([
            self.seed.to_string().as_str(),
            self.item.as_str(),
            name,
            salt,
        ]);
        let value = u64::from_str_radix(&digest[..12], 16).unwrap_or(0);
        (value % choices.max(1) as u64) as usize
    }

    /// A new name for `original`, of the shape `kind` asks for (snake case, or CamelCase for a
    /// class), sharing no part with it that would reveal it, and free.
    pub fn name_for(&mut self, original: &str, kind: Kind) -> String {
        let core = original.trim_start_matches('_');
        let prefix = &original[..original.len() - core.len()];
        let parts = split_parts(core);
        for attempt in 0..8 {
            let salt = attempt.to_string();
            let mut known = false;
            let mut words: Vec<String> = Vec::new();
            for (index, part) in parts.iter().enumerate() {
                let salt = format!("{salt}/{index}");
                match SYNONYMS.iter().find(|(word, _)| word == part) {
                    Some((_, choices)) => {
                        known = true;
                        words.push(choices[self.pick(original, &salt, choices.len())].to_string());
                    }
                    None if part.chars().all(|c| c.is_ascii_digit()) => words.push(part.clone()),
                    None if kind == Kind::Local => {
                        words.push(NOUNS[self.pick(original, &salt, NOUNS.len())].to_string())
                    }
                    None => words.push(self.word(original, &salt, &parts)),
                }
            }
            if !known && kind == Kind::Function {
                words.insert(
                    0,
                    VERBS[self.pick(original, &salt, VERBS.len())].to_string(),
                );
                words.truncate(2);
            }
            words.dedup();
            let name = match kind {
                Kind::Class => format!(
                    "{prefix}{}",
                    words.iter().map(|w| capitalised(w)).collect::<String>()
                ),
                _ => format!("{prefix}{}", words.join("_")),
            };
            if self.free(&name, core) {
                self.taken.insert(name.clone());
                return name;
            }
        }
        // Every seeded choice taken: a numbered one is always free eventually.
        let base = match kind {
            Kind::Class => "Renamed",
            _ => "renamed",
        };
        let name = (1..)
            .map(|n| format!("{prefix}{base}_{n}"))
            .find(|name| self.free(name, core))
            .expect("an unbounded sequence has a free name");
        self.taken.insert(name.clone());
        name
    }

    /// A docstring word that is no part of the name, else a generic noun.
    fn word(&self, original: &str, salt: &str, parts: &[String]) -> String {
        let usable: Vec<&String> = self
            .doc_words
            .iter()
            .filter(|w| !parts.contains(w) && !original.to_ascii_lowercase().contains(w.as_str()))
            .collect();
        if usable.is_empty() {
            NOUNS[self.pick(original, salt, NOUNS.len())].to_string()
        } else {
            usable[self.pick(original, salt, usable.len())].clone()
        }
    }

    fn free(&self, name: &str, core: &str) -> bool {
        // The original shows through a name that contains it (or is it, when it is short).
        let shows_original = match core.len() >= 3 {
            true => name
                .to_ascii_lowercase()
                .contains(&core.to_ascii_lowercase()),
            false => name.trim_start_matches('_') == core,
        };
        // A `test_*` function of the program would be taken for a test.
        let test = name.trim_start_matches('_').starts_with("test");
        !self.taken.contains(name) && !RESERVED.contains(&name) && !shows_original && !test
    }
}

/// `snake_case` and `CamelCase` parts, lowercased.
fn split_parts(core: &str) -> Vec<String> {
    let mut parts = Vec::new();
    for chunk in core.split('_').filter(|c| !c.is_empty()) {
        let mut current = String::new();
        let mut previous_lower = false;
        for c in chunk.chars() {
            if c.is_ascii_uppercase() && previous_lower && !current.is_empty() {
                parts.push(std::mem::take(&mut current).to_ascii_lowercase());
            }
            previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
            current.push(c);
        }
        if !current.is_empty() {
            parts.push(current.to_ascii_lowercase());
        }
    }
    if parts.is_empty() {
        parts.push(core.to_ascii_lowercase());
    }
    parts
}

fn capitalised(word: &str) -> String {
    word.split('_')
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Whether `name` is Python's (a built-in or keyword) or a dunder: never renamed.
pub fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name) || (name.starts_with("__") && name.ends_with("__"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_meaning_differ_from_the_original_and_repeat_with_the_seed() {
        let mut namer = Namer::new(
            0,
            "textwrap/wrap",
            "Wrap a single paragraph of text.",
            BTreeSet::new(),
        );
        let wrap = namer.name_for("wrap", Kind::Function);
        assert!(["fold", "break_lines"].contains(&wrap.as_str()), "{wrap}");
        let private = namer.name_for("_munge_whitespace", Kind::Function);
        assert!(
            private.starts_with('_') && !private.contains("munge"),
            "{private}"
        );
        let class = namer.name_for("TextWrapper", Kind::Class);
        assert!(
            class.chars().next().unwrap().is_ascii_uppercase() && !class.contains("TextWrapper"),
            "{class}"
        );
        let unknown = namer.name_for("frobnicate", Kind::Function);
        assert!(
            unknown.contains('_') && !unknown.contains("frobnicate"),
            "{unknown}"
        );
        let mut again = Namer::new(
            0,
            "textwrap/wrap",
            "Wrap a single paragraph of text.",
            BTreeSet::new(),
        );
        assert_eq!(again.name_for("wrap", Kind::Function), wrap);
    }

    #[test]
    fn taken_and_reserved_names_are_never_given() {
        let taken: BTreeSet<String> = ["fold", "break_lines"].map(String::from).into();
        let mut namer = Namer::new(0, "i", "", taken);
        let name = namer.name_for("wrap", Kind::Function);
        assert!(
            name != "fold" && name != "break_lines" && name != "wrap",
            "{name}"
        );
        let local = namer.name_for("s", Kind::Local);
        assert_ne!(local, "str");
        assert!(is_reserved("len") && is_reserved("__init__") && !is_reserved("wrap"));
    }
}
