//! Distribution names and requirement strings: the parts of PEP 503 and PEP 508 benchgen needs.
//!
//! Import names, install-script words and lock lines all end up compared as distribution names, and
//! pip treats `PyYAML`, `pyyaml` and `PyYaml` (or `more_itertools` and `more-itertools`) as one
//! project, so every comparison goes through [`normalize`].

/// PEP 503 normalized name: lowercase, each run of `-`, `_` and `.` replaced by one `-`.
pub fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut in_separator_run = false;
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            if !in_separator_run {
                out.push('-');
            }
            in_separator_run = true;
        } else {
            out.extend(c.to_lowercase());
            in_separator_run = false;
        }
    }
    out
}

/// Whether `name` is a valid distribution name (PEP 508): ASCII letters, digits, `-`, `_` and `.`,
/// beginning and ending with a letter or digit.
pub fn is_valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let (Some(first), Some(last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    first.is_ascii_alphanumeric()
        && last.is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// Splits a requirement as written (`requests[socks]>=2`) into its name and the rest (extras,
/// version specifier, marker), or `None` when it is not a plain named requirement: a URL, a path,
/// a direct reference (`name @ url`), an option, or anything spanning lines. Requirements are fed
/// to uv as a requirements file, where a stray `--index-url` or `-r` would be obeyed.
pub fn split_requirement(text: &str) -> Option<(&str, &str)> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(text.len());
    let (name, rest) = text.split_at(end);
    if !is_valid_name(name) || text.chars().any(char::is_control) {
        return None;
    }
    let rest = rest.trim();
    const STARTS: [&str; 10] = ["[", "===", "==", ">=", "<=", "!=", "~=", "<", ">", ";"];
    let plain = rest.is_empty() || STARTS.iter().any(|s| rest.starts_with(s));
    // `@` marks a direct reference and `/` a path or URL: neither is pinned by the index.
    let located = rest.contains('@') || rest.contains('/');
    let option = rest.split_whitespace().any(|word| word.starts_with('-'));
    (plain && !located && !option).then_some((name, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_like_pip() {
        assert_eq!(normalize("PyYAML"), "pyyaml");
        assert_eq!(normalize("more_itertools"), "more-itertools");
        assert_eq!(normalize("ruamel.yaml"), "ruamel-yaml");
        assert_eq!(normalize("a__-.b"), "a-b");
    }

    #[test]
    fn validates_names() {
        assert!(is_valid_name("python-dateutil"));
        assert!(is_valid_name("A"));
        assert!(!is_valid_name("-x"));
        assert!(!is_valid_name("x-"));
        assert!(!is_valid_name(""));
        assert!(!is_valid_name("git+https://x"));
        assert!(!is_valid_name("naïve"));
    }

    #[test]
    fn splits_requirements() {
        assert_eq!(split_requirement("six"), Some(("six", "")));
        assert_eq!(split_requirement("six==1.16.0"), Some(("six", "==1.16.0")));
        assert_eq!(
            split_requirement("requests[socks]>=2"),
            Some(("requests", "[socks]>=2"))
        );
        assert_eq!(
            split_requirement("x; python_version<'3'"),
            Some(("x", "; python_version<'3'"))
        );
        assert_eq!(split_requirement("x @ https://h/x.whl"), None);
        assert_eq!(split_requirement("git+https://github.com/a/b"), None);
        assert_eq!(split_requirement("./local"), None);
        assert_eq!(split_requirement("x y"), None);
        assert_eq!(
            split_requirement("six >= 1.0, != 1.5"),
            Some(("six", ">= 1.0, != 1.5"))
        );
        assert_eq!(split_requirement("six==1 --index-url http://x"), None);
        assert_eq!(split_requirement("six\n-r other.txt"), None);
    }
}
