//! Finding the one fenced code block an answer should contain.
//!
//! Models asked for one fenced block tagged `python` answer with prose around it, with the tag
//! missing, with two blocks, or cut off inside the block. Each case gets its own [`FormatError`],
//! whose message is written to be sent back to the model as is (see
//! [`crate::Client::complete_with_format`]) and to be read by a person in a report.

/// Why an answer does not hold exactly one block of the wanted language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// No block tagged with the language, and not exactly one untagged block either.
    #[error("found no ```{lang} code block{}: reply with exactly one block that starts with a line ```{lang} and ends with a line ```", found_note(found))]
    Missing {
        lang: String,
        /// Tags of the blocks that were found (`untagged` for none).
        found: Vec<String>,
    },

    /// Several blocks tagged with the language.
    #[error(
        "found {count} ```{lang} code blocks: put the whole answer in a single ```{lang} block"
    )]
    Several { lang: String, count: usize },

    /// The block was opened and never closed (typically an answer cut off at the token limit).
    #[error("the ```{lang} code block is not closed: end it with a line ```")]
    Unclosed { lang: String },
}

fn found_note(found: &[String]) -> String {
    if found.is_empty() {
        String::new()
    } else {
        format!(" (found blocks tagged: {})", found.join(", "))
    }
}

/// One fenced block of a text.
struct Block<'a> {
    /// First word of the info string, lowercased; empty when untagged.
    lang: String,
    content: &'a str,
}

/// Returns the content of the one block fenced as ```` ```lang ````, or of the only block when it
/// has no tag at all. The content runs from the line after the opening fence to the end of the line
/// before the closing one (newline included). `lang` is compared case-insensitively.
pub fn extract_fenced_block(text: &str, lang: &str) -> Result<String, FormatError> {
    let wanted = lang.to_lowercase();
    let (blocks, unclosed) = fenced_blocks(text);
    let mut tagged = blocks.iter().filter(|block| block.lang == wanted);
    match (tagged.next(), tagged.count()) {
        (Some(block), 0) => return Ok(block.content.to_owned()),
        (Some(_), more) => {
            return Err(FormatError::Several {
                lang: lang.to_owned(),
                count: more + 1,
            });
        }
        (None, _) => {}
    }
    if unclosed
        .as_ref()
        .is_some_and(|open| open.is_empty() || *open == wanted)
    {
        return Err(FormatError::Unclosed {
            lang: lang.to_owned(),
        });
    }
    if let [only] = blocks.as_slice() {
        if only.lang.is_empty() {
            return Ok(only.content.to_owned());
        }
    }
    let mut found: Vec<String> = blocks
        .iter()
        .map(|block| {
            if block.lang.is_empty() {
                "untagged".to_owned()
            } else {
                block.lang.clone()
            }
        })
        .collect();
    found.dedup();
    Err(FormatError::Missing {
        lang: lang.to_owned(),
        found,
    })
}

/// A fenced block of an answer, as [`code_blocks`] lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeBlock {
    /// First word of the info string, lowercased; empty when untagged.
    pub lang: String,
    /// The lines between the fences (newline included).
    pub content: String,
    /// Whether a closing fence was found; a block still open at the end of the text (an answer
    /// cut off at the token limit) runs to the end.
    pub closed: bool,
}

/// Every fenced block of `text`, in order, a block left open at the end closed there. For
/// callers that choose among several blocks themselves (`benchgen eval` takes the one that
/// defines the entry point); [`extract_fenced_block`] insists on exactly one.
pub fn code_blocks(text: &str) -> Vec<CodeBlock> {
    let (blocks, open) = fenced_blocks_with_start(text);
    let mut all: Vec<CodeBlock> = blocks
        .into_iter()
        .map(|block| CodeBlock {
            lang: block.lang,
            content: block.content.to_owned(),
            closed: true,
        })
        .collect();
    if let Some((lang, start)) = open {
        all.push(CodeBlock {
            lang,
            content: text[start..].to_owned(),
            closed: false,
        });
    }
    all
}

/// Every closed block, and the tag of a block still open at the end of the text.
fn fenced_blocks(text: &str) -> (Vec<Block<'_>>, Option<String>) {
    let (blocks, open) = fenced_blocks_with_start(text);
    (blocks, open.map(|(lang, _)| lang))
}

/// Every closed block, and the tag and content offset of a block still open at the end.
fn fenced_blocks_with_start(text: &str) -> (Vec<Block<'_>>, Option<(String, usize)>) {
    let mut blocks = Vec::new();
    // (fence length, tag, byte offset where the content starts)
    let mut open: Option<(usize, String, usize)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        // Models indent fences inside list items; any indentation is accepted.
        let trimmed = line.trim();
        let ticks = trimmed.len() - trimmed.trim_start_matches('`').len();
        if ticks < 3 {
            continue;
        }
        let info = &trimmed[ticks..];
        match &open {
            Some((fence, lang, start)) => {
                if info.is_empty() && ticks >= *fence {
                    blocks.push(Block {
                        lang: lang.clone(),
                        content: &text[*start..line_start],
                    });
                    open = None;
                }
            }
            None => {
                // A backtick in the info string means inline code, not a fence (as in CommonMark).
                if !info.contains('`') {
                    let lang = info.split_whitespace().next().unwrap_or("").to_lowercase();
                    open = Some((ticks, lang, offset));
                }
            }
        }
    }
    (blocks, open.map(|(_, lang, start)| (lang, start)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_one_tagged_block_among_prose_and_others() {
        let text = "Here it is:\n\n```python\ndef f():\n    return 1\n```\n\nInstall:\n```bash\npip install x\n```\n";
        assert_eq!(
            extract_fenced_block(text, "python").unwrap(),
            "def f():\n    return 1\n"
        );
        assert_eq!(
            extract_fenced_block(text, "bash").unwrap(),
            "pip install x\n"
        );
        assert_eq!(
            extract_fenced_block(text, "Python").unwrap(),
            "def f():\n    return 1\n"
        );
    }

    #[test]
    fn accepts_a_lone_untagged_block_and_indented_or_long_fences() {
        assert_eq!(
            extract_fenced_block("```\nx = 1\n```", "python").unwrap(),
            "x = 1\n"
        );
        assert_eq!(
            extract_fenced_block("1. code:\n   ````python  \n   y\n   ````\n", "python").unwrap(),
            "   y\n"
        );
        // A shorter fence inside a longer one is content.
        assert_eq!(
            extract_fenced_block("````python\ns = '''\n```\n'''\n````\n", "python").unwrap(),
            "s = '''\n```\n'''\n"
        );
        assert_eq!(
            extract_fenced_block("```python\n```", "python").unwrap(),
            ""
        );
    }

    #[test]
    fn zero_several_and_unclosed_blocks_are_errors_that_say_what_to_do() {
        let error = extract_fenced_block("def f(): pass", "python").unwrap_err();
        assert_eq!(
            error,
            FormatError::Missing {
                lang: "python".into(),
                found: vec![]
            }
        );
        assert_eq!(
            error.to_string(),
            "found no ```python code block: reply with exactly one block that starts with a line ```python and ends with a line ```"
        );

        let error = extract_fenced_block("```bash\nls\n```\n```\na\n```\n", "python").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("(found blocks tagged: bash, untagged)"),
            "{error}"
        );

        let error =
            extract_fenced_block("```python\na\n```\n```python\nb\n```\n", "python").unwrap_err();
        assert_eq!(
            error,
            FormatError::Several {
                lang: "python".into(),
                count: 2
            }
        );
        assert!(error.to_string().contains("single ```python block"));

        let error = extract_fenced_block("```python\ndef f():\n    return", "python").unwrap_err();
        assert_eq!(
            error,
            FormatError::Unclosed {
                lang: "python".into()
            }
        );

        // Two untagged blocks: which one is meant is a guess, so it is refused.
        let error = extract_fenced_block("```\na\n```\n```\nb\n```\n", "python").unwrap_err();
        assert!(matches!(error, FormatError::Missing { .. }), "{error}");
    }

    #[test]
    fn code_blocks_lists_every_block_and_closes_an_open_one() {
        let blocks = code_blocks("a\n```python\nx = 1\n```\ntext\n```\ny = 2\n");
        assert_eq!(
            blocks,
            vec![
                CodeBlock {
                    lang: "python".into(),
                    content: "x = 1\n".into(),
                    closed: true
                },
                CodeBlock {
                    lang: String::new(),
                    content: "y = 2\n".into(),
                    closed: false
                },
            ]
        );
        assert!(code_blocks("no code here").is_empty());
    }

    #[test]
    fn inline_backticks_are_not_fences() {
        let text = "```python``` marks a fence:\n```python\nx\n```\n";
        assert_eq!(extract_fenced_block(text, "python").unwrap(), "x\n");
    }
}
