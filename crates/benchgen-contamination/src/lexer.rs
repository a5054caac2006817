//! A Python tokenizer over a byte stream that keeps only what survives a rename or a reformat.
//!
//! tree-sitter needs a whole file; a corpus line can be gigabytes long and a file larger than
//! memory, so this is a byte-at-a-time state machine with constant state: identifiers become
//! one placeholder, numbers another, strings (implicit concatenations merged, docstrings
//! included) a third; keywords and each punctuation character stay themselves; whitespace,
//! newlines, indentation, line continuations, comments, `;` (a newline in other clothes) and
//! trailing commas (`f(a, b,)`, which formatters add and remove) are dropped. Two copies of a function
//! that differ in names, literals, layout or comments give the same tokens.

/// A normalised token: a keyword, a punctuation byte, or one of the placeholders.
pub type Token = u32;

/// Any identifier (soft keywords `match`, `case`, `type`, `_` included).
pub const IDENTIFIER: Token = 1;
/// Any number literal.
pub const NUMBER: Token = 2;
/// Any string literal (prefixed, triple-quoted, implicitly concatenated: one token).
pub const STRING: Token = 3;

const KEYWORDS: [&[u8]; 35] = [
    b"False", b"None", b"True", b"and", b"as", b"assert", b"async", b"await", b"break", b"class",
    b"continue", b"def", b"del", b"elif", b"else", b"except", b"finally", b"for", b"from",
    b"global", b"if", b"import", b"in", b"is", b"lambda", b"nonlocal", b"not", b"or", b"pass",
    b"raise", b"return", b"try", b"while", b"with", b"yield",
];
/// Keywords are numbered from here; punctuation bytes lie below (but above the placeholders).
const KEYWORD_BASE: Token = 1000;
/// The longest keyword, in bytes: longer identifiers are never keywords.
const LONGEST_KEYWORD: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    Between,
    Comment,
    /// `len` bytes so far, the first `LONGEST_KEYWORD` of them in `start`.
    Identifier {
        start: [u8; LONGEST_KEYWORD],
        len: usize,
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
}

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
            State::Identifier { start, len } => self.emit(word(&start, len), emit),
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
        self.state = State::Between;
        self.after_string = false;
    }

    fn emit(&mut self, token: Token, emit: &mut impl FnMut(Token, usize)) {
        if let Some(line) = self.comma.take() {
            if !matches!(u8::try_from(token), Ok(b')' | b']' | b'}')) {
                emit(Token::from(b','), line);
            }
        }
        if token == Token::from(b',') {
            self.comma = Some(self.line);
        } else if !(token == STRING && self.after_string) {
            emit(token, self.line);
        }
        self.after_string = token == STRING;
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
                            State::Identifier { start, len: 1 }
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
                State::Identifier { mut start, len } => {
                    if is_identifier_byte(byte) || byte.is_ascii_digit() {
                        if len < LONGEST_KEYWORD {
                            start[len] = byte;
                        }
                        self.state = State::Identifier {
                            start,
                            len: len + 1,
                        };
                        return;
                    }
                    if (byte == b'\'' || byte == b'"') && is_string_prefix(&start, len) {
                        self.state = State::OneQuote(byte);
                        return;
                    }
                    self.emit(word(&start, len), emit);
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
                        };
                        return;
                    }
                    self.emit(STRING, emit);
                    self.state = State::Between;
                }
                State::String {
                    quote,
                    triple,
                    escaped,
                    closing,
                } => {
                    let mut next = State::String {
                        quote,
                        triple,
                        escaped: false,
                        closing: 0,
                    };
                    let ends = if escaped {
                        false
                    } else if byte == b'\\' {
                        next = State::String {
                            quote,
                            triple,
                            escaped: true,
                            closing: 0,
                        };
                        false
                    } else if triple {
                        let closing = if byte == quote { closing + 1 } else { 0 };
                        next = State::String {
                            quote,
                            triple,
                            escaped: false,
                            closing,
                        };
                        closing == 3
                    } else {
                        // An unterminated one-line string ends with its line.
                        byte == quote || byte == b'\n'
                    };
                    self.state = if ends {
                        self.emit(STRING, emit);
                        State::Between
                    } else {
                        next
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

fn word(start: &[u8; LONGEST_KEYWORD], len: usize) -> Token {
    if len <= LONGEST_KEYWORD {
        if let Some(index) = KEYWORDS.iter().position(|k| *k == &start[..len]) {
            return KEYWORD_BASE + index as Token;
        }
    }
    IDENTIFIER
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

    #[test]
    fn renaming_reformatting_and_comments_give_the_same_tokens() {
        let original = "def wrap(text, width=70):\n    \"\"\"Wrap it.\"\"\"\n    # split\n    return [text[i:i + width] for i in range(0, len(text), width)]\n";
        let edited = "def split_lines(s,\n               w = 80,):  # renamed\n    '''Other doc.'''\n    return [ s[j : j+w]\n             for j in range(0, len(s), w,) ];\n";
        assert_eq!(tokens(original), tokens(edited));
        assert_ne!(tokens(original), tokens("def wrap(text, width=70):\n    return text\n"));
    }

    #[test]
    fn strings_numbers_and_keywords_are_told_apart() {
        let t = tokens("x = r'a\\'b' \"c\" f\"\"\"d\"\" e\"\"\" + 0x1e+5 - 1e+5 + .5 if not None else ...");
        assert_eq!(
            t,
            vec![
                IDENTIFIER,
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
