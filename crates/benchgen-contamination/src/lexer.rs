//! A Python tokenizer over a byte stream that keeps only what survives a rename or a reformat.
//!
//! tree-sitter needs a whole file; a corpus line can be gigabytes long and a file larger than
//! memory, so this is a byte-at-a-time state machine with constant state: an identifier becomes
//! a hash of its name ([`is_identifier`]; the scan then numbers the identifiers of each n-gram
//! by first occurrence, so that a consistent rename gives the same n-gram and the data flow
//! still counts), numbers one placeholder, strings (implicit concatenations merged, docstrings
//! included) another; keywords and each punctuation character stay themselves; whitespace,
//! newlines, indentation, line continuations, comments, `;` (a newline in other clothes),
//! trailing commas (`f(a, b,)`) and grouping parentheses (`return (a, b)`, `if (x):`; not a
//! call's), which formatters add and remove, are dropped. Two copies of a function
//! that differ in names, literals, layout or comments give the same tokens.

/// A normalised token: a keyword, a punctuation byte, or one of the placeholders.
pub type Token = u32;

/// Set in the token of an identifier (soft keywords `match`, `case`, `type`, `_` included),
/// whose other bits hash its name.
pub const IDENTIFIER: Token = 1 << 31;
/// Any number literal.
pub const NUMBER: Token = 2;
/// A string literal longer than [`SHORT_STRING`] bytes, or triple-quoted (docstrings,
/// messages: the words may change, the code does not), or implicitly concatenated: one token.
pub const STRING: Token = 3;
/// Set in the token of a short one-line string, whose other bits hash its content (whatever
/// the quotes): `"("` and `"<"` are structure, not prose.
const SHORT: Token = 1 << 30;
/// The longest string content kept as itself, in bytes.
pub const SHORT_STRING: u8 = 4;

const KEYWORDS: [&[u8]; 35] = [
    b"False",
    b"None",
    b"True",
    b"and",
    b"as",
    b"assert",
    b"async",
    b"await",
    b"break",
    b"class",
    b"continue",
    b"def",
    b"del",
    b"elif",
    b"else",
    b"except",
    b"finally",
    b"for",
    b"from",
    b"global",
    b"if",
    b"import",
    b"in",
    b"is",
    b"lambda",
    b"nonlocal",
    b"not",
    b"or",
    b"pass",
    b"raise",
    b"return",
    b"try",
    b"while",
    b"with",
    b"yield",
];
/// Keywords are numbered from here; punctuation bytes lie below (but above the placeholders).
const KEYWORD_BASE: Token = 1000;
/// The longest keyword, in bytes: longer identifiers are never keywords.
const LONGEST_KEYWORD: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    Between,
    Comment,
    /// `len` bytes so far, the first `LONGEST_KEYWORD` of them in `start`; `hash` of them all.
    Identifier {
        start: [u8; LONGEST_KEYWORD],
        len: usize,
        hash: u32,
    },
    Number {
        hex: bool,
        after_exponent: bool,
    },
    /// A `.` that may begin a number (`.5`).
    Dot,
    /// One opening quote seen.
    OneQuote(u8),
    /// Two quotes seen: an empty string, or the start of a triple-quoted one.
    TwoQuotes(u8),
    String {
        quote: u8,
        triple: bool,
        escaped: bool,
        /// Closing quotes seen in a row (triple-quoted strings).
        closing: u8,
        /// Bytes of the content so far (counted up to `SHORT_STRING + 1`) and their hash.
        length: u8,
        hash: u32,
    },
}

/// The tokenizer's state between bytes; feed it chunks of any size.
#[derive(Debug, Clone)]
pub struct Lexer {
    state: State,
    /// 1-based line of the byte being read.
    line: usize,
    /// The last token emitted was a string (the next one merges into it).
    after_string: bool,
    /// A comma not emitted yet, with its line: dropped if a closing bracket follows.
    comma: Option<usize>,
    /// The last token seen (emitted or not): whether a `(` opens a call.
    last: Token,
    /// Open parentheses, innermost last: `true` for grouping ones (not emitted). Bounded by
    /// [`MAX_NESTING`]; deeper ones are all emitted.
    parentheses: Vec<bool>,
    /// Parentheses open past [`MAX_NESTING`].
    deeper: usize,
}

/// Parentheses tracked at most: real code nests a few; a corpus may hold anything.
const MAX_NESTING: usize = 256;

impl Default for Lexer {
    fn default() -> Self {
        Self::new()
    }
}

impl Lexer {
    pub fn new() -> Self {
        Self {
            state: State::Between,
            line: 1,
            after_string: false,
            comma: None,
            last: 0,
            parentheses: Vec::new(),
            deeper: 0,
        }
    }

    /// Tokenizes `bytes`, calling `emit(token, line)` for each finished token.
    pub fn feed(&mut self, bytes: &[u8], emit: &mut impl FnMut(Token, usize)) {
        for &byte in bytes {
            self.byte(byte, emit);
            if byte == b'\n' {
                self.line += 1;
            }
        }
    }

    /// Ends the text: emits a pending identifier, number or unterminated string.
    pub fn finish(&mut self, emit: &mut impl FnMut(Token, usize)) {
        match self.state {
            State::Identifier { start, len, hash } => self.emit(word(&start, len, hash), emit),
            State::Number { .. } => self.emit(NUMBER, emit),
            State::Dot => self.emit(Token::from(b'.'), emit),
            State::OneQuote(_) | State::TwoQuotes(_) | State::String { .. } => {
                self.emit(STRING, emit)
            }
            State::Between | State::Comment => {}
        }
        if let Some(line) = self.comma.take() {
            emit(Token::from(b','), line);
        }
        *self = Self {
            line: self.line,
            ..Self::new()
        };
    }

    fn emit(&mut self, token: Token, emit: &mut impl FnMut(Token, usize)) {
        if let Some(line) = self.comma.take() {
            if !matches!(u8::try_from(token), Ok(b')' | b']' | b'}')) {
                emit(Token::from(b','), line);
            }
        }
        let string = token == STRING || token & (IDENTIFIER | SHORT) == SHORT;
        let last = std::mem::replace(&mut self.last, token);
        if token == Token::from(b'(') {
            let call = is_identifier(last)
                || matches!(u8::try_from(last), Ok(b')' | b']' | b'}'))
                || last == STRING
                || last & (IDENTIFIER | SHORT) == SHORT;
            if self.parentheses.len() == MAX_NESTING {
                self.deeper += 1;
            } else {
                self.parentheses.push(!call);
                if !call {
                    return;
                }
            }
        } else if token == Token::from(b')') {
            if self.deeper > 0 {
                self.deeper -= 1;
            } else if self.parentheses.pop() == Some(true) {
                return;
            }
        }
        if token == Token::from(b',') {
            self.comma = Some(self.line);
        } else if !(string && self.after_string) {
            emit(token, self.line);
        }
        self.after_string = string;
    }

    fn byte(&mut self, byte: u8, emit: &mut impl FnMut(Token, usize)) {
        // Each arm either consumes the byte (return) or ends a token and reads it again.
        loop {
            match self.state {
                State::Between => {
                    self.state = match byte {
                        b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\\' | b';' => State::Between,
                        b'#' => State::Comment,
                        b'0'..=b'9' => State::Number {
                            hex: false,
                            after_exponent: false,
                        },
                        b'.' => State::Dot,
                        b'\'' | b'"' => State::OneQuote(byte),
                        _ if is_identifier_byte(byte) => {
                            let mut start = [0; LONGEST_KEYWORD];
                            start[0] = byte;
                            State::Identifier {
                                start,
                                len: 1,
                                hash: fnv(FNV_OFFSET, byte),
                            }
                        }
                        _ => {
                            self.emit(Token::from(byte), emit);
                            State::Between
                        }
                    };
                    return;
                }
                State::Comment => {
                    if byte == b'\n' {
                        self.state = State::Between;
                    }
                    return;
                }
                State::Identifier {
                    mut start,
                    len,
                    hash,
                } => {
                    if is_identifier_byte(byte) || byte.is_ascii_digit() {
                        if len < LONGEST_KEYWORD {
                            start[len] = byte;
                        }
                        self.state = State::Identifier {
                            start,
                            len: len + 1,
                            hash: fnv(hash, byte),
                        };
                        return;
                    }
                    if (byte == b'\'' || byte == b'"') && is_string_prefix(&start, len) {
                        self.state = State::OneQuote(byte);
                        return;
                    }
                    self.emit(word(&start, len, hash), emit);
                    self.state = State::Between;
                }
                State::Number {
                    hex,
                    after_exponent,
                } => {
                    let sign = matches!(byte, b'+' | b'-') && after_exponent;
                    if byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'.' || sign {
                        self.state = State::Number {
                            hex: hex || matches!(byte, b'x' | b'X'),
                            after_exponent: !hex && matches!(byte, b'e' | b'E'),
                        };
                        return;
                    }
                    self.emit(NUMBER, emit);
                    self.state = State::Between;
                }
                State::Dot => {
                    if byte.is_ascii_digit() {
                        self.state = State::Number {
                            hex: false,
                            after_exponent: false,
                        };
                        return;
                    }
                    self.emit(Token::from(b'.'), emit);
                    self.state = State::Between;
                }
                State::OneQuote(quote) => {
                    self.state = if byte == quote {
                        State::TwoQuotes(quote)
                    } else {
                        State::String {
                            quote,
                            triple: false,
                            escaped: false,
                            closing: 0,
                            length: 0,
                            hash: FNV_OFFSET,
                        }
                    };
                    if byte == quote {
                        return;
                    }
                }
                State::TwoQuotes(quote) => {
                    if byte == quote {
                        self.state = State::String {
                            quote,
                            triple: true,
                            escaped: false,
                            closing: 0,
                            length: 0,
                            hash: FNV_OFFSET,
                        };
                        return;
                    }
                    self.emit(short_string(0, FNV_OFFSET), emit);
                    self.state = State::Between;
                }
                State::String {
                    quote,
                    triple,
                    escaped,
                    closing,
                    length,
                    hash,
                } => {
                    let ends = if escaped || byte == b'\\' {
                        false
                    } else if triple {
                        byte == quote && closing == 2
                    } else {
                        // An unterminated one-line string ends with its line.
                        byte == quote || byte == b'\n'
                    };
                    if ends {
                        let token = match triple {
                            true => STRING,
                            false => short_string(length, hash),
                        };
                        self.emit(token, emit);
                        self.state = State::Between;
                        return;
                    }
                    self.state = State::String {
                        quote,
                        triple,
                        escaped: !escaped && byte == b'\\',
                        closing: match (triple && !escaped && byte == quote, closing) {
                            (true, closing) => closing + 1,
                            (false, _) => 0,
                        },
                        length: length.saturating_add(1).min(SHORT_STRING + 1),
                        hash: fnv(hash, byte),
                    };
                    return;
                }
            }
        }
    }
}

fn is_identifier_byte(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte >= 0x80
}

/// `r`, `b`, `u`, `f` and their pairs, any case: the identifier was a string's prefix.
fn is_string_prefix(start: &[u8; LONGEST_KEYWORD], len: usize) -> bool {
    let lower = |b: u8| b.to_ascii_lowercase();
    match len {
        1 => matches!(lower(start[0]), b'r' | b'b' | b'u' | b'f'),
        2 => matches!(
            [lower(start[0]), lower(start[1])],
            [b'r', b'b'] | [b'b', b'r'] | [b'r', b'f'] | [b'f', b'r']
        ),
        _ => false,
    }
}

const FNV_OFFSET: u32 = 0x811c_9dc5;

fn fnv(hash: u32, byte: u8) -> u32 {
    (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
}

fn word(start: &[u8; LONGEST_KEYWORD], len: usize, hash: u32) -> Token {
    if len <= LONGEST_KEYWORD {
        if let Some(index) = KEYWORDS.iter().position(|k| *k == &start[..len]) {
            return KEYWORD_BASE + index as Token;
        }
    }
    IDENTIFIER | (hash & !IDENTIFIER)
}

/// The token of a one-line string of `length` content bytes hashed to `hash`.
fn short_string(length: u8, hash: u32) -> Token {
    match length <= SHORT_STRING {
        true => SHORT | (hash & (SHORT - 1)),
        false => STRING,
    }
}

/// Whether `token` is an identifier's.
pub fn is_identifier(token: Token) -> bool {
    token & IDENTIFIER != 0
}

/// The tokens of a whole text.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut lexer = Lexer::new();
    let mut out = Vec::new();
    let mut push = |token, _line| out.push(token);
    lexer.feed(text.as_bytes(), &mut push);
    lexer.finish(&mut push);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Identifiers numbered by first occurrence in the whole text, as the scan does per n-gram.
    fn canonical(text: &str) -> Vec<Token> {
        let raw = tokens(text);
        raw.iter()
            .map(|&t| match is_identifier(t) {
                true => 100 + raw.iter().position(|&u| u == t).unwrap() as Token,
                false => t,
            })
            .collect()
    }

    #[test]
    fn renaming_reformatting_and_comments_give_the_same_tokens() {
        let original = "def wrap(text, width=70):\n    \"\"\"Wrap it.\"\"\"\n    # split\n    return [text[i:i + width] for i in range(0, len(text), width)]\n";
        let edited = "def split_lines(s,\n               w = 80,):  # renamed\n    '''Other doc.'''\n    return ([ s[j : (j+w)]\n             for j in range(0, len(s), w,) ]);\n";
        assert_eq!(canonical(original), canonical(edited));
        assert_ne!(
            canonical(original),
            canonical("def wrap(text, width=70):\n    return text\n")
        );
        // The data flow counts: the same shape over other variables is another n-gram.
        assert_ne!(canonical("a = b + a"), canonical("a = b + c"));
    }

    #[test]
    fn strings_numbers_and_keywords_are_told_apart() {
        let t = tokens(
            "x = r'a\\'bcd' \"c\" f\"\"\"d\"\" e\"\"\" + 0x1e+5 - 1e+5 + .5 if not None else ...",
        );
        assert_eq!(tokens("'('"), tokens("\"(\""));
        assert_ne!(tokens("'('"), tokens("'<'"));
        assert_eq!(tokens("'((((('"), tokens("'<<<<<'"));
        assert!(is_identifier(t[0]));
        assert_eq!(tokens("x")[0], t[0]);
        assert_ne!(tokens("y")[0], t[0]);
        assert_eq!(
            t[1..],
            vec![
                Token::from(b'='),
                STRING,
                Token::from(b'+'),
                NUMBER,
                Token::from(b'+'),
                NUMBER,
                Token::from(b'-'),
                NUMBER,
                Token::from(b'+'),
                NUMBER,
                KEYWORD_BASE + 20,
                KEYWORD_BASE + 26,
                KEYWORD_BASE + 1,
                KEYWORD_BASE + 14,
                Token::from(b'.'),
                Token::from(b'.'),
                Token::from(b'.'),
            ]
        );
    }

    #[test]
    fn chunk_boundaries_do_not_change_the_tokens() {
        let text = "def f(a):\n    '''doc'''\n    return a + 'x' # c\n";
        let whole = tokens(text);
        for size in 1..8 {
            let mut lexer = Lexer::new();
            let mut out = Vec::new();
            let mut push = |token, _line| out.push(token);
            for chunk in text.as_bytes().chunks(size) {
                lexer.feed(chunk, &mut push);
            }
            lexer.finish(&mut push);
            assert_eq!(out, whole, "chunks of {size}");
        }
    }

    #[test]
    fn tokens_carry_their_line() {
        let mut lexer = Lexer::new();
        let mut lines = Vec::new();
        lexer.feed(b"a\n\n  b # c\n", &mut |_, line| lines.push(line));
        lexer.finish(&mut |_, line| lines.push(line));
        assert_eq!(lines, vec![1, 3]);
    }
}
