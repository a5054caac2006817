//! How much of each benchmark item a training corpus already holds.
//!
//! A model that saw an item's reference during training can score on it by recall. This crate
//! measures, per item, how much of the reference target (its whole definition, as in the
//! dataset's `program`) appears in a corpus: the share of its 13-token n-grams found anywhere,
//! and the longest run of its tokens found in one place. Tokens are normalised ([`lexer`]:
//! numbers and strings become placeholders, layout and comments are dropped, and the
//! identifiers of each n-gram are numbered by first occurrence, `a = f(a)` and
//! `x = g(x)` alike, `a = f(b)` not), so a copy with renamed identifiers, reformatted or
//! commented is still a copy, while code of merely the same shape is not.
//!
//! Corpora are far larger than memory: the items' n-grams are hashed into one table
//! ([`Scanner::new`]), and the corpus is streamed through the lexer in fixed-size chunks
//! ([`corpus`]), each n-gram of it looked up once; what the scan holds is the table, the runs
//! open at the current corpus position, and one JSONL record at a time. A record (one document
//! of a JSONL corpus) is held whole, up to [`corpus::MAX_RECORD_BYTES`].
//!
//! The n-gram length, 13, is the one BigCodeBench and GPT-3's contamination study use.

pub mod corpus;
pub mod lexer;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::PathBuf;

use benchgen_core::Example;
use serde::{Deserialize, Serialize};

pub use corpus::Scanned;
use lexer::Token;

/// Tokens per n-gram.
pub const NGRAM: usize = 13;

/// When an item counts as contaminated: most of its n-grams are in the corpus, and most of its
/// tokens in one place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// Least share of the target's n-grams found in the corpus, and of its tokens in the
    /// longest run.
    pub share: f64,
    /// Fewest tokens an item must have to be flagged by its normalised n-grams: a shorter
    /// function (`def f(s): return len(s)`) has the shape of too much ordinary code to tell a
    /// renamed copy from a coincidence, so it is flagged only when found whole, verbatim.
    pub min_tokens: usize,
}

impl Default for Thresholds {
    /// Measured in docs/benchmarks.md ("Contamination"): planted copies, renamed, reformatted
    /// and commented ones included, reach 0.98 on both shares; the unplanted items of at least
    /// 20 tokens stay under 0.8 against 100 MB of real Python, but for one that shares a helper
    /// with a planted item.
    fn default() -> Self {
        Self {
            share: 0.8,
            min_tokens: 20,
        }
    }
}

/// One item's overlap with the corpus: a line of `benchgen contamination --out`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overlap {
    pub id: String,
    /// Normalised tokens of the reference target.
    pub tokens: usize,
    /// The longest run of the target's tokens found in one place of the corpus, in tokens
    /// (0 when no n-gram of it was found).
    pub longest_overlap_tokens: usize,
    /// The same, counting only tokens as written (names, short strings): what flags an item of
    /// fewer than [`Thresholds::min_tokens`] tokens, whose shape alone is common code.
    pub longest_verbatim_tokens: usize,
    /// Share of the target's n-grams found anywhere in the corpus; `null` for a target shorter
    /// than one n-gram, which is not judged.
    pub ngram_share: Option<f64>,
    pub flagged: bool,
    /// Corpus file and 1-based line (of the file, or of the JSONL record) where the longest run
    /// starts.
    pub best_match_file: Option<PathBuf>,
    pub best_match_line: Option<usize>,
}

/// An item's n-grams found so far.
struct ItemState {
    tokens: usize,
    /// Normalised n-grams found (see [`hash`]).
    found: Vec<bool>,
    /// Longest run, in n-grams, and where it starts (file index, line): of normalised n-grams,
    /// and of verbatim ones.
    longest: [usize; 2],
    at: [Option<(usize, usize)>; 2],
}

/// The two kinds of n-gram: normalised (a rename does not change it) and verbatim (names and
/// short strings as written), which alone can tell a short item from common code.
#[derive(Clone, Copy)]
enum Kind {
    Normalised = 0,
    Verbatim = 1,
}

/// Where an n-gram of the corpus starts, and the run of an item's consecutive n-grams ending
/// there.
#[derive(Clone, Copy)]
struct Run {
    grams: usize,
    line: usize,
}

/// The table of the items' n-grams and what the corpus matched of them so far.
pub struct Scanner {
    /// Per [`Kind`]: n-gram hash → (item, position of the n-gram in the item).
    tables: [Table; 2],
    items: Vec<ItemState>,
    ids: Vec<String>,
    files: Vec<PathBuf>,
}

/// The state of one stream (a file, or a JSONL record) through the scanner.
pub struct Stream {
    window: [Token; NGRAM],
    /// Lines of the tokens in `window`.
    lines: [usize; NGRAM],
    seen: usize,
    /// Per [`Kind`]: the runs ending at the previous n-gram, and at this one.
    runs: [HashMap<(u32, u32), Run>; 2],
    next_runs: [HashMap<(u32, u32), Run>; 2],
    file: usize,
}

type Table = HashMap<u64, Vec<(u32, u32)>, BuildHasherDefault<Prehashed>>;

impl Scanner {
    /// Hashes every n-gram of every item's reference target.
    pub fn new(examples: &[Example]) -> Self {
        let mut tables: [Table; 2] = Default::default();
        let mut items = Vec::with_capacity(examples.len());
        for (item, example) in examples.iter().enumerate() {
            let span = example.target.span;
            let tokens = lexer::tokens(&example.program[span.start_byte..span.end_byte]);
            let grams = tokens.len().saturating_sub(NGRAM - 1);
            for position in 0..grams {
                let window: &[Token; NGRAM] = tokens[position..position + NGRAM]
                    .try_into()
                    .expect("a window of NGRAM tokens");
                for kind in [Kind::Normalised, Kind::Verbatim] {
                    tables[kind as usize]
                        .entry(hash(window, kind))
                        .or_default()
                        .push((item as u32, position as u32));
                }
            }
            items.push(ItemState {
                tokens: tokens.len(),
                found: vec![false; grams],
                longest: [0; 2],
                at: [None; 2],
            });
        }
        Self {
            tables,
            items,
            ids: examples.iter().map(|e| e.id.clone()).collect(),
            files: Vec::new(),
        }
    }

    /// A new stream of the corpus file numbered `file`.
    fn stream(&self, file: usize) -> Stream {
        Stream {
            window: [0; NGRAM],
            lines: [0; NGRAM],
            seen: 0,
            runs: Default::default(),
            next_runs: Default::default(),
            file,
        }
    }

    /// Takes the next token of `stream`, found on `line`.
    fn token(&mut self, stream: &mut Stream, token: Token, line: usize) {
        stream.window.copy_within(1.., 0);
        stream.lines.copy_within(1.., 0);
        stream.window[NGRAM - 1] = token;
        stream.lines[NGRAM - 1] = line;
        stream.seen += 1;
        if stream.seen < NGRAM {
            return;
        }
        for kind in [Kind::Normalised, Kind::Verbatim] {
            self.match_window(stream, kind);
        }
    }

    /// Extends the runs of `kind` with the n-gram ending at the stream's last token.
    fn match_window(&mut self, stream: &mut Stream, kind: Kind) {
        let k = kind as usize;
        stream.next_runs[k].clear();
        if let Some(matches) = self.tables[k].get(&hash(&stream.window, kind)) {
            for &(item, position) in matches {
                let previous = position
                    .checked_sub(1)
                    .and_then(|p| stream.runs[k].get(&(item, p)));
                let run = match previous {
                    Some(run) => Run {
                        grams: run.grams + 1,
                        line: run.line,
                    },
                    None => Run {
                        grams: 1,
                        line: stream.lines[0],
                    },
                };
                stream.next_runs[k].insert((item, position), run);
                let state = &mut self.items[item as usize];
                if let Kind::Normalised = kind {
                    state.found[position as usize] = true;
                }
                if run.grams > state.longest[k] {
                    state.longest[k] = run.grams;
                    state.at[k] = Some((stream.file, run.line));
                }
            }
        }
        let (runs, next) = (&mut stream.runs[k], &mut stream.next_runs[k]);
        std::mem::swap(runs, next);
    }

    /// Every item's overlap, flagged by `thresholds`, in item order.
    pub fn overlaps(&self, thresholds: &Thresholds) -> Vec<Overlap> {
        self.items
            .iter()
            .zip(&self.ids)
            .map(|(state, id)| {
                let grams = state.found.len();
                let ngram_share = (grams > 0)
                    .then(|| state.found.iter().filter(|&&f| f).count() as f64 / grams as f64);
                let tokens_of = |grams: usize| match grams {
                    0 => 0,
                    grams => grams + NGRAM - 1,
                };
                let longest_overlap_tokens = tokens_of(state.longest[Kind::Normalised as usize]);
                let longest_verbatim_tokens = tokens_of(state.longest[Kind::Verbatim as usize]);
                let flagged = if state.tokens >= thresholds.min_tokens {
                    ngram_share.is_some_and(|share| {
                        share >= thresholds.share
                            && longest_overlap_tokens as f64
                                >= thresholds.share * state.tokens as f64
                    })
                } else {
                    grams > 0 && longest_verbatim_tokens == state.tokens
                };
                // Where the flag comes from: a short item's verbatim copy.
                let at = match (flagged, state.tokens >= thresholds.min_tokens) {
                    (true, false) => state.at[Kind::Verbatim as usize],
                    _ => state.at[Kind::Normalised as usize],
                };
                Overlap {
                    id: id.clone(),
                    tokens: state.tokens,
                    longest_overlap_tokens,
                    longest_verbatim_tokens,
                    ngram_share,
                    flagged,
                    best_match_file: at.map(|(file, _)| self.files[file].clone()),
                    best_match_line: at.map(|(_, line)| line),
                }
            })
            .collect()
    }
}

/// A 64-bit hash of an n-gram (FNV-1a over the tokens' bytes, then mixed): as the lexer gave
/// it ([`Kind::Verbatim`]), or normalised, its variables numbered by first occurrence. Attribute names (after `.`) and names given a value
/// (before a lone `=`: keyword arguments, assignment targets) are one placeholder instead: a
/// rename of a variable often leaves a keyword or a method of the same name alone (`width=width`
/// becomes `width=span`), which must not make another n-gram.
fn hash(window: &[Token; NGRAM], kind: Kind) -> u64 {
    let equals = Token::from(b'=');
    let named = |index: usize| {
        lexer::is_identifier(window[index])
            && !(index > 0 && window[index - 1] == Token::from(b'.'))
            && !(window.get(index + 1) == Some(&equals) && window.get(index + 2) != Some(&equals))
    };
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (index, &token) in window.iter().enumerate() {
        let token = if let Kind::Verbatim = kind {
            token
        } else if named(index) {
            let first = (0..index)
                .find(|&earlier| named(earlier) && window[earlier] == token)
                .unwrap_or(index);
            lexer::IDENTIFIER + 1 + first as Token
        } else if lexer::is_identifier(token) {
            lexer::IDENTIFIER
        } else {
            token
        };
        for byte in token.to_le_bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h ^ (h >> 29)
}

/// The table's keys are hashes already: use them as they are.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8) | u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchgen_core::{Provenance, Span, Target};

    pub(crate) fn example(id: &str, program: &str) -> Example {
        Example::python(
            id.into(),
            Provenance::default(),
            Target {
                qualified_name: "f".into(),
                span: Span {
                    start_byte: 0,
                    end_byte: program.len(),
                    start_line: 1,
                    end_line: program.lines().count(),
                },
                body: Span::default(),
                outside_domain_lines: Vec::new(),
            },
            program.into(),
            String::new(),
            String::new(),
        )
    }

    pub(crate) const TARGET: &str = "def merge(left, right):\n    out = []\n    i = j = 0\n    while i < len(left) and j < len(right):\n        if left[i] <= right[j]:\n            out.append(left[i]); i += 1\n        else:\n            out.append(right[j]); j += 1\n    return out + left[i:] + right[j:]\n";

    /// The overlap of the one item `target` with the corpus text `corpus`.
    fn scan_one(target: &str, corpus: &str) -> Overlap {
        let mut scanner = Scanner::new(&[example("item", target)]);
        scanner
            .scan_reader(
                std::path::Path::new("corpus.py"),
                corpus.as_bytes(),
                &corpus::Options::default(),
                &mut |problem| panic!("{problem}"),
            )
            .unwrap();
        scanner.overlaps(&Thresholds::default()).remove(0)
    }

    fn scan(corpus: &str) -> Overlap {
        scan_one(TARGET, corpus)
    }

    #[test]
    fn a_renamed_reformatted_copy_is_found_whole_and_located() {
        let copy = TARGET
            .replace("left", "a")
            .replace("right", "b")
            .replace("out", "result")
            .replace("; ", "\n            ")
            .replace("        else", "        # otherwise\n        else");
        let overlap = scan(&format!("import os\n\n{copy}"));
        assert_eq!(overlap.ngram_share, Some(1.0));
        assert_eq!(overlap.longest_overlap_tokens, overlap.tokens);
        assert!(overlap.flagged);
        assert_eq!(overlap.best_match_line, Some(3));
    }

    #[test]
    fn unrelated_code_is_not_flagged() {
        let overlap = scan("def g(x):\n    return sorted(x, key=len)[0] if x else None\n");
        assert_eq!(overlap.longest_overlap_tokens, 0);
        assert_eq!(overlap.ngram_share, Some(0.0));
        assert!(!overlap.flagged);
        assert_eq!(overlap.best_match_file, None);
    }

    #[test]
    fn a_short_item_is_flagged_only_when_found_verbatim() {
        let short = "def size(text):\n    return len(text) + 1\n";
        let scan = |corpus: &str| scan_one(short, corpus);
        let verbatim = scan(&format!("x = 1\n{short}"));
        assert!(verbatim.tokens < Thresholds::default().min_tokens);
        assert!(verbatim.flagged, "{verbatim:?}");
        assert_eq!(verbatim.longest_verbatim_tokens, verbatim.tokens);
        let renamed = scan("def count(items):\n    return len(items) + 1\n");
        assert_eq!(renamed.longest_overlap_tokens, renamed.tokens);
        assert!(!renamed.flagged, "{renamed:?}");
    }

    #[test]
    fn half_a_copy_gives_half_the_share() {
        let half = &TARGET[..TARGET.find("        else").unwrap()];
        let overlap = scan(half);
        let share = overlap.ngram_share.unwrap();
        assert!(share > 0.3 && share < 0.8, "{share}");
        assert!(overlap.longest_overlap_tokens < overlap.tokens);
    }
}
