//! What kind of value a parameter probably takes, from its annotation, its default and its
//! name: the probe draws its first candidate values from pools of that kind.
//!
//! A wrong guess only costs some failing calls (the probe also tries mutants of whatever
//! worked), so the rules are simple and err towards `Any`, whose pool mixes every kind.

use benchgen_python::Parameter;
use serde::Serialize;

/// A parameter's likely type, in the shape the probe reads (`{"type": "list", "item": ...}`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Hint {
    Int,
    Float,
    Bool,
    Str,
    /// A string of one character (`ch`, `char`): the empty string is no argument of its domain.
    Char,
    Bytes,
    None,
    /// A list, or a tuple where nothing says it is changed (a docstring's "list of words").
    List {
        item: Box<Hint>,
        /// Annotated `MutableSequence`: a list only, since the function may change it.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        mutable: bool,
    },
    /// Any iterable: lists, and iterators over them (which a sized-only answer fails on).
    Iterable {
        item: Box<Hint>,
    },
    Tuple {
        item: Box<Hint>,
    },
    Set {
        item: Box<Hint>,
    },
    Dict {
        key: Box<Hint>,
        value: Box<Hint>,
    },
    Union {
        options: Vec<Hint>,
    },
    /// A function argument (`key`, `pred`, `callback`...): the probe passes builtins.
    Callable,
    /// A `datetime.date` (a `datetime.datetime` is one too).
    Date,
    /// A `datetime.datetime`.
    #[serde(rename = "datetime")]
    DateTime,
    /// A `datetime.time`.
    Time,
    /// A `datetime.timedelta`.
    #[serde(rename = "timedelta")]
    TimeDelta,
    /// A `datetime.tzinfo`: UTC, and fixed offsets east and west of it (one with minutes).
    #[serde(rename = "tzinfo")]
    TzInfo,
    /// An instance of a class the program defines, built from its constructor (the probe's
    /// `instances`).
    Instance {
        class: String,
    },
    Any,
}

impl Hint {
    fn list(item: Hint) -> Hint {
        Hint::List {
            item: Box::new(item),
            mutable: false,
        }
    }

    /// This hint with `None` in its domain too (`Any`'s pool has it already).
    pub(crate) fn or_none(self) -> Hint {
        match self {
            Hint::Any => Hint::Any,
            hint => Hint::union(vec![hint, Hint::None]),
        }
    }

    pub(crate) fn union(options: Vec<Hint>) -> Hint {
        let mut flat = Vec::new();
        for option in options {
            match option {
                Hint::Union { options } => flat.extend(options),
                Hint::Any => return Hint::Any,
                other if !flat.contains(&other) => flat.push(other),
                _ => {}
            }
        }
        match flat.len() {
            1 => flat.pop().expect("one option"),
            _ => Hint::Union { options: flat },
        }
    }
}

/// The hint for one parameter: its annotation if it names a type we know, else the type of its
/// default (with `None` added when the default is `None`), else what its name suggests.
pub(crate) fn hint(parameter: &Parameter) -> Hint {
    if let Some(hint) = parameter
        .annotation
        .as_deref()
        .and_then(annotation)
        .filter(|h| *h != Hint::Any)
    {
        return hint;
    }
    match parameter.default.as_deref().map(default_hint) {
        Some(Some(Hint::None)) => Hint::union(vec![by_name(&parameter.name), Hint::None]),
        Some(Some(hint)) => hint,
        _ => by_name(&parameter.name),
    }
}

/// Whether `parameter`'s hint is its annotation's: one this module reads. Where it is not (a
/// `Literal[...]`, an alias, an imported name), the probe resolves the annotation at run time.
pub(crate) fn reads_annotation(parameter: &Parameter) -> bool {
    parameter
        .annotation
        .as_deref()
        .and_then(annotation)
        .is_some_and(|h| h != Hint::Any)
}

/// Parameter types a docstring states, by parameter name: reST (`:type x: int`,
/// `:param int x:`), Google (`x (int): ...`, `x (str, optional): ...` under `Args:`) and NumPy
/// (`x : int, optional` under `Parameters`). Types are read like annotations, with `A or B`
/// and `list of A` too; what names nothing known is left out.
pub(crate) fn documented_types(docstring: &str) -> std::collections::HashMap<String, Hint> {
    let mut found = std::collections::HashMap::new();
    for entry in entries(docstring) {
        if let Some(hint) = entry.type_text.and_then(documented_type) {
            found.entry(entry.name.to_string()).or_insert(hint);
        }
    }
    found
}

/// What a docstring says of each parameter's type, as text: the type an entry states, else its
/// description (`:param other: Interval`).
pub(crate) fn documented_type_texts(docstring: &str) -> std::collections::HashMap<String, String> {
    let mut found = std::collections::HashMap::new();
    for entry in entries(docstring) {
        let text = entry.type_text.map_or(entry.description, str::to_string);
        found.entry(entry.name.to_string()).or_insert(text);
    }
    found
}

/// The parameters whose description in the docstring names `None` ("Pass ``None`` to get the
/// list"): `None` is in their domain whatever their type, and an answer that ignores it is wrong.
pub(crate) fn documented_none(docstring: &str) -> std::collections::HashSet<String> {
    let names_none = |text: &str| {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| word == "None")
    };
    entries(docstring)
        .into_iter()
        .filter(|entry| names_none(&entry.description))
        .map(|entry| entry.name.to_string())
        .collect()
}

/// One parameter a docstring describes: its name, the type it states, and its description
/// (the text after the name, with the more indented lines that follow).
struct Entry<'d> {
    name: &'d str,
    type_text: Option<&'d str>,
    description: String,
}

/// The parameter entries of a docstring, in the styles [`documented_types`] reads.
fn entries(docstring: &str) -> Vec<Entry<'_>> {
    fn push<'d>(
        entries: &mut Vec<Entry<'d>>,
        name: &'d str,
        type_text: Option<&'d str>,
        description: &str,
    ) -> bool {
        let name = name.trim().trim_start_matches('*');
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return false;
        }
        entries.push(Entry {
            name,
            type_text,
            description: description.trim().to_string(),
        });
        true
    }
    let mut entries: Vec<Entry> = Vec::new();
    let lines: Vec<&str> = docstring.lines().collect();
    let mut section = "";
    // The indentation of the line that opened the last entry: lines indented more (and blank
    // ones) go on with its description.
    let mut open: Option<usize> = None;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if let Some(at) = open {
            if trimmed.is_empty() {
                continue;
            }
            if indent > at {
                if let Some(entry) = entries.last_mut() {
                    entry.description.push(' ');
                    entry.description.push_str(trimmed);
                }
                continue;
            }
            open = None;
        }
        let opened = if let Some(rest) = trimmed.strip_prefix(":type ") {
            rest.split_once(':')
                .is_some_and(|(name, text)| push(&mut entries, name, Some(text), ""))
        } else if let Some(rest) = [
            ":param ",
            ":parameter ",
            ":arg ",
            ":argument ",
            ":key ",
            ":keyword ",
        ]
        .iter()
        .find_map(|field| trimmed.strip_prefix(field))
        {
            rest.split_once(':').is_some_and(|(head, description)| {
                match head.trim().rsplit_once(' ') {
                    Some((text, name)) => push(&mut entries, name, Some(text), description),
                    None => push(&mut entries, head, None, description),
                }
            })
        } else {
            false
        };
        if opened {
            open = Some(indent);
            continue;
        }
        let underline = lines.get(i + 1).map(|l| l.trim());
        if underline.is_some_and(|u| u.len() >= 3 && u.chars().all(|c| c == '-')) {
            section = if trimmed == "Parameters" { "numpy" } else { "" };
            continue;
        }
        if matches!(
            trimmed,
            "Args:" | "Arguments:" | "Parameters:" | "Keyword Args:"
        ) {
            section = "google";
            continue;
        }
        if trimmed.ends_with(':') && !trimmed.contains(' ') {
            section = "";
            continue;
        }
        let opened = match section {
            "google" => trimmed.split_once(':').is_some_and(|(head, description)| {
                match head.split_once('(') {
                    Some((name, rest)) => push(
                        &mut entries,
                        name,
                        Some(rest.trim_end_matches(')')),
                        description,
                    ),
                    None => push(&mut entries, head, None, description),
                }
            }),
            "numpy"
                if !line.starts_with([' ', '\t']) || line.len() - line.trim_start().len() <= 4 =>
            {
                trimmed
                    .split_once(" : ")
                    .is_some_and(|(name, text)| push(&mut entries, name, Some(text), ""))
            }
            _ => false,
        };
        if opened {
            open = Some(indent);
        }
    }
    entries
}

/// One documented type: `int`, `str or bytes`, `list of str`, `int, optional`.
fn documented_type(text: &str) -> Option<Hint> {
    let text = text.trim().trim_end_matches('.');
    let text = text
        .strip_suffix(", optional")
        .or_else(|| text.strip_suffix(",optional"))
        .unwrap_or(text)
        .trim();
    let options: Vec<&str> = text.split(" or ").flat_map(|o| o.split(" | ")).collect();
    if options.len() > 1 {
        return options
            .iter()
            .map(|o| documented_type(o))
            .collect::<Option<Vec<_>>>()
            .map(Hint::union);
    }
    if let Some((container, item)) = text.split_once(" of ") {
        let item = documented_type(item).unwrap_or(Hint::Any);
        return match container.trim() {
            "list" | "sequence" => Some(Hint::list(item)),
            "iterable" => Some(Hint::Iterable {
                item: Box::new(item),
            }),
            "tuple" => Some(Hint::Tuple {
                item: Box::new(item),
            }),
            "set" => Some(Hint::Set {
                item: Box::new(item),
            }),
            _ => None,
        };
    }
    let text = match text {
        "string" => "str",
        "integer" => "int",
        "boolean" => "bool",
        "callable" | "function" => "Callable",
        other => other,
    };
    annotation(text).filter(|h| *h != Hint::Any)
}

/// The hint an annotation spells, `None` when it names nothing we know.
fn annotation(text: &str) -> Option<Hint> {
    let text = text.trim().trim_matches(|c| c == '"' || c == '\'').trim();
    let options = split_top_level(text, '|');
    if options.len() > 1 {
        return options
            .iter()
            .map(|o| annotation(o))
            .collect::<Option<Vec<_>>>()
            .map(Hint::union);
    }
    let (head, args) = match text.find('[') {
        Some(open) if text.ends_with(']') => (
            &text[..open],
            split_top_level(&text[open + 1..text.len() - 1], ','),
        ),
        _ => (text, Vec::new()),
    };
    let head = head.trim().rsplit('.').next().unwrap_or(head).trim();
    let arg = |i: usize| args.get(i).and_then(|a| annotation(a)).unwrap_or(Hint::Any);
    Some(match head {
        "int" => Hint::Int,
        "float" => Hint::Union {
            options: vec![Hint::Float, Hint::Int],
        },
        "bool" => Hint::Bool,
        "str" | "AnyStr" => Hint::Str,
        "bytes" | "bytearray" => Hint::Bytes,
        "None" | "NoneType" => Hint::None,
        "list" | "List" | "Sequence" | "Collection" => Hint::list(arg(0)),
        "MutableSequence" => Hint::List {
            item: Box::new(arg(0)),
            mutable: true,
        },
        "Iterable" | "Iterator" => Hint::Iterable {
            item: Box::new(arg(0)),
        },
        "tuple" | "Tuple" => Hint::Tuple {
            item: Box::new(arg(0)),
        },
        "set" | "Set" | "frozenset" | "FrozenSet" | "AbstractSet" => Hint::Set {
            item: Box::new(arg(0)),
        },
        "dict" | "Dict" | "Mapping" | "MutableMapping" => Hint::Dict {
            key: Box::new(arg(0)),
            value: Box::new(arg(1)),
        },
        "Callable" => Hint::Callable,
        "date" => Hint::Date,
        "datetime" => Hint::DateTime,
        "time" => Hint::Time,
        "timedelta" => Hint::TimeDelta,
        "tzinfo" | "timezone" => Hint::TzInfo,
        "Optional" => Hint::union(vec![arg(0), Hint::None]),
        "Union" => Hint::union(
            args.iter()
                .map(|a| annotation(a).unwrap_or(Hint::Any))
                .collect(),
        ),
        _ => return None,
    })
}

/// Splits at `separator` outside brackets.
fn split_top_level(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            c if c == separator && depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts.retain(|p| !p.is_empty());
    parts
}

/// The type of a default value written as a literal.
fn default_hint(text: &str) -> Option<Hint> {
    let text = text.trim();
    let unsigned = text.trim_start_matches(['-', '+']);
    Some(match text {
        "None" => Hint::None,
        "True" | "False" => Hint::Bool,
        _ if unsigned.parse::<i64>().is_ok() => Hint::Int,
        _ if unsigned.parse::<f64>().is_ok() => Hint::Float,
        _ if text.starts_with(['b', 'B']) && text[1..].starts_with(['\'', '"']) => Hint::Bytes,
        _ if text
            .trim_start_matches(['r', 'R', 'u', 'U'])
            .starts_with(['\'', '"']) =>
        {
            Hint::Str
        }
        _ if text.starts_with('[') => Hint::list(Hint::Any),
        _ if text.starts_with('(') => Hint::Tuple {
            item: Box::new(Hint::Any),
        },
        _ if text.starts_with('{') => Hint::Dict {
            key: Box::new(Hint::Str),
            value: Box::new(Hint::Any),
        },
        _ => return None,
    })
}

/// A kind of value and the parameter names that suggest it: whole names, and names starting or
/// ending with one of its prefixes or suffixes.
struct NameRule {
    names: &'static [&'static str],
    prefixes: &'static [&'static str],
    suffixes: &'static [&'static str],
    hint: fn() -> Hint,
}

/// The rules [`by_name`] tries, in order: the first that matches decides.
const NAME_RULES: &[NameRule] = &[
    NameRule {
        names: &[
            "text",
            "s",
            "string",
            "name",
            "prefix",
            "suffix",
            "sep",
            "separator",
            "delimiter",
            "word",
            "line",
            "pattern",
            "pat",
            "fmt",
            "format",
            "template",
            "chars",
            "message",
            "msg",
            "url",
            "encoding",
            "title",
            "label",
            "indent",
            "tag",
            "placeholder",
            "src",
            "source",
            "value_str",
            "newline",
            "charset",
            "locale",
            "version",
            "path",
            "filename",
            "host",
            "domain",
            "addr",
            "address",
            "header",
            "quote",
            "escape",
        ],
        prefixes: &[],
        suffixes: &["string"],
        hint: || Hint::Str,
    },
    NameRule {
        names: &[
            "key",
            "func",
            "function",
            "fn",
            "pred",
            "predicate",
            "callback",
            "cb",
            "transform",
            "mapper",
            "handler",
            "factory",
            "default_factory",
            "cmp",
            "comparator",
            "keyfunc",
            "binop",
            "op",
        ],
        prefixes: &[],
        suffixes: &["_func", "_fn", "_callback", "_key"],
        hint: || Hint::Callable,
    },
    NameRule {
        names: &[
            "n",
            "i",
            "j",
            "k",
            "width",
            "count",
            "num",
            "number",
            "size",
            "length",
            "len",
            "index",
            "idx",
            "pos",
            "start",
            "end",
            "stop",
            "step",
            "level",
            "depth",
            "limit",
            "base",
            "offset",
            "year",
            "month",
            "day",
            "hour",
            "minute",
            "second",
            "bits",
            "precision",
            "digits",
            "tabsize",
            "columns",
            "cols",
            "rows",
            "times",
            "max_lines",
            "maxsize",
            "lineno",
            "code",
            "port",
            "radix",
            "ndigits",
        ],
        prefixes: &["max_", "min_", "num_"],
        suffixes: &["_count", "_size", "_width"],
        hint: || Hint::Int,
    },
    NameRule {
        names: &["x", "y", "z", "a", "b", "r", "g", "h", "l", "v", "q", "c"],
        prefixes: &[],
        suffixes: &[],
        hint: || Hint::union(vec![Hint::Int, Hint::Float]),
    },
    NameRule {
        names: &[
            "ratio",
            "rate",
            "factor",
            "alpha",
            "beta",
            "scale",
            "weight",
            "prob",
            "probability",
            "fraction",
            "tolerance",
            "tol",
            "eps",
            "epsilon",
            "angle",
            "temperature",
            "threshold",
        ],
        prefixes: &[],
        suffixes: &[],
        hint: || Hint::Float,
    },
    NameRule {
        names: &[
            "flag",
            "verbose",
            "reverse",
            "quiet",
            "force",
            "recursive",
            "strict",
            "debug",
            "enabled",
            "case_sensitive",
            "ignorecase",
        ],
        prefixes: &[
            "is_", "has_", "use_", "allow_", "enable", "should_", "keep_", "drop_", "fix_",
            "break_", "strict", "ignore",
        ],
        suffixes: &[],
        hint: || Hint::Bool,
    },
    NameRule {
        names: &[
            "items",
            "seq",
            "sequence",
            "values",
            "lst",
            "list",
            "elements",
            "arr",
            "array",
            "xs",
            "ys",
            "nums",
            "numbers",
            "data_list",
            "vector",
            "vec",
        ],
        prefixes: &[],
        suffixes: &[],
        hint: || Hint::list(Hint::Any),
    },
    NameRule {
        names: &["iterable", "iterator"],
        prefixes: &[],
        suffixes: &[],
        hint: || Hint::Iterable {
            item: Box::new(Hint::Any),
        },
    },
    NameRule {
        names: &[
            "d", "mapping", "dict", "dct", "options", "params", "table", "kwargs", "attrs",
            "headers", "env",
        ],
        prefixes: &[],
        suffixes: &[],
        hint: || Hint::Dict {
            key: Box::new(Hint::Str),
            value: Box::new(Hint::Any),
        },
    },
    NameRule {
        names: &["data", "buf", "buffer", "raw", "payload", "blob"],
        prefixes: &[],
        suffixes: &[],
        hint: || Hint::union(vec![Hint::Bytes, Hint::Str]),
    },
];

/// What a parameter's name suggests ([`NAME_RULES`], after one character and the dates); plural
/// names of a known kind are lists of it.
fn by_name(name: &str) -> Hint {
    let name = name.to_ascii_lowercase();
    if ["ch", "char", "character"].contains(&name.as_str()) {
        return Hint::Char;
    }
    if let Some(hint) = date_by_name(&name) {
        return hint;
    }
    let matches = |rule: &&NameRule| {
        rule.names.contains(&name.as_str())
            || rule.prefixes.iter().any(|p| name.starts_with(p))
            || rule.suffixes.iter().any(|s| name.ends_with(s))
    };
    if let Some(rule) = NAME_RULES.iter().find(matches) {
        return (rule.hint)();
    }
    if let Some(singular) = name.strip_suffix('s').filter(|s| s.len() > 2) {
        let item = by_name(singular);
        if item != Hint::Any {
            return Hint::list(item);
        }
    }
    Hint::Any
}

/// The date or time kind a (lowercase) name suggests: `date`, `tdate`, `start_date`; `dt`,
/// `datetime`; `time`, `tt`; `duration`, `tdelta`; any of them for `tdt`.
fn date_by_name(name: &str) -> Option<Hint> {
    Some(match name {
        "date" | "tdate" | "day_date" => Hint::Date,
        _ if name.ends_with("_date") => Hint::Date,
        "dt" | "datetime" | "tdatetime" | "moment" => Hint::DateTime,
        // A date, a time or a duration (isodate's `strftime(tdt, format)`).
        "tdt" => Hint::union(vec![
            Hint::DateTime,
            Hint::Date,
            Hint::Time,
            Hint::TimeDelta,
        ]),
        _ if name.ends_with("_datetime") || name.ends_with("_dt") => Hint::DateTime,
        "time" | "ttime" | "tt" | "time_of_day" => Hint::Time,
        "timedelta" | "tdelta" | "td" | "duration" | "tduration" => Hint::TimeDelta,
        "tz" | "tzinfo" | "tz_info" | "timezone" | "zone" => Hint::TzInfo,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use benchgen_python::ParameterKind;

    use super::*;

    fn param(name: &str, annotation: Option<&str>, default: Option<&str>) -> Parameter {
        Parameter {
            name: name.into(),
            annotation: annotation.map(Into::into),
            default: default.map(Into::into),
            kind: ParameterKind::Positional,
        }
    }

    #[test]
    fn annotations_win() {
        assert_eq!(hint(&param("text", Some("int"), None)), Hint::Int);
        assert_eq!(
            hint(&param("x", Some("List[str]"), None)),
            Hint::list(Hint::Str)
        );
        assert_eq!(
            hint(&param("x", Some("MutableSequence[int]"), None)),
            Hint::List {
                item: Box::new(Hint::Int),
                mutable: true
            }
        );
        assert_eq!(
            hint(&param("x", Some("typing.Optional[bytes]"), None)),
            Hint::Union {
                options: vec![Hint::Bytes, Hint::None]
            }
        );
        assert_eq!(
            hint(&param("x", Some("dict[str, list[int]] | None"), None)),
            Hint::Union {
                options: vec![
                    Hint::Dict {
                        key: Box::new(Hint::Str),
                        value: Box::new(Hint::list(Hint::Int))
                    },
                    Hint::None
                ]
            }
        );
        assert_eq!(hint(&param("width", Some("'int'"), None)), Hint::Int);
        assert_eq!(hint(&param("x", Some("datetime.date"), None)), Hint::Date);
        assert_eq!(
            hint(&param("x", Some("Optional[datetime]"), None)),
            Hint::union(vec![Hint::DateTime, Hint::None])
        );
        assert_eq!(hint(&param("x", Some("dt.time"), None)), Hint::Time);
        assert_eq!(hint(&param("x", Some("timedelta"), None)), Hint::TimeDelta);
        // An annotation naming a class of the program says nothing usable: the name decides.
        assert_eq!(hint(&param("width", Some("Shape"), None)), Hint::Int);
    }

    #[test]
    fn annotations_read_or_left_to_the_probe() {
        // What names no kind known here (a `Literal`, an alias) the probe resolves at run time.
        assert!(reads_annotation(&param("n", Some("Optional[int]"), None)));
        for text in [
            "Literal['a', 'b']",
            "TimeFrame",
            "Union['Arrow', dt_datetime]",
        ] {
            assert!(!reads_annotation(&param("x", Some(text), None)), "{text}");
        }
        assert!(!reads_annotation(&param("x", None, Some("0"))));
    }

    #[test]
    fn defaults_then_names() {
        assert_eq!(hint(&param("z", None, Some("70"))), Hint::Int);
        assert_eq!(hint(&param("z", None, Some("-0.5"))), Hint::Float);
        assert_eq!(hint(&param("z", None, Some("' [...]'"))), Hint::Str);
        assert_eq!(hint(&param("z", None, Some("b''"))), Hint::Bytes);
        assert_eq!(
            hint(&param("text", None, Some("None"))),
            Hint::Union {
                options: vec![Hint::Str, Hint::None]
            }
        );
        assert_eq!(hint(&param("anything", None, Some("None"))), Hint::Any);
        assert_eq!(hint(&param("is_valid", None, None)), Hint::Bool);
        assert_eq!(hint(&param("names", None, None)), Hint::list(Hint::Str));
        assert_eq!(hint(&param("max_width", None, None)), Hint::Int);
        assert_eq!(hint(&param("thing", None, None)), Hint::Any);
        assert_eq!(hint(&param("ch", None, None)), Hint::Char);
        for (name, expected) in [
            ("tdate", Hint::Date),
            ("start_date", Hint::Date),
            ("dt", Hint::DateTime),
            ("time", Hint::Time),
            ("tt", Hint::Time),
            ("tdelta", Hint::TimeDelta),
            ("duration", Hint::TimeDelta),
            ("tzinfo", Hint::TzInfo),
            ("tz", Hint::TzInfo),
        ] {
            assert_eq!(hint(&param(name, None, None)), expected, "{name}");
        }
        assert_eq!(hint(&param("dates", None, None)), Hint::list(Hint::Date));
        assert!(
            matches!(hint(&param("tdt", None, None)), Hint::Union { options } if options.len() == 4)
        );
        assert_eq!(hint(&param("datestring", None, None)), Hint::Str);
        assert_eq!(
            serde_json::to_value(Hint::DateTime).unwrap(),
            serde_json::json!({"type": "datetime"})
        );
        assert_eq!(
            serde_json::to_value(Hint::TimeDelta).unwrap(),
            serde_json::json!({"type": "timedelta"})
        );
        assert_eq!(
            serde_json::to_value(Hint::TzInfo).unwrap(),
            serde_json::json!({"type": "tzinfo"})
        );
        let iterable = |item| Hint::Iterable {
            item: Box::new(item),
        };
        assert_eq!(hint(&param("iterable", None, None)), iterable(Hint::Any));
        assert_eq!(
            hint(&param("iterables", None, None)),
            Hint::list(iterable(Hint::Any))
        );
        assert_eq!(
            hint(&param("xs", Some("Iterator[int]"), None)),
            iterable(Hint::Int)
        );
        assert_eq!(
            documented_type("iterable of str"),
            Some(iterable(Hint::Str))
        );
    }

    #[test]
    fn parameters_whose_description_names_none() {
        let google = "Unwrap text.\n\n    Args:\n       text: A string to unwrap.\n       ending (str): The string to join all unwrapped paragraphs\n          by. Pass ``None`` to get the list. Defaults to '\\n\\n'.\n       width (int): how wide.\n\n    Returns:\n       None if nothing.\n";
        let rest = ":param sep: the separator, or None for whitespace\n:param int count: how many;\n    None for all of them\n:returns: None\n";
        let numpy = "Parameters\n----------\nkey : callable, optional\n    Called on each item;\n\n    None compares the items themselves.\nscale : float\n    Nonetheless a float.\n";
        let names = |docstring: &str| {
            let mut names: Vec<String> = documented_none(docstring).into_iter().collect();
            names.sort();
            names
        };
        assert_eq!(names(google), ["ending"]);
        assert_eq!(names(rest), ["count", "sep"]);
        assert_eq!(names(numpy), ["key"]);
        assert_eq!(documented_types(google)["ending"], Hint::Str);
        assert_eq!(
            Hint::Str.or_none(),
            Hint::union(vec![Hint::Str, Hint::None])
        );
        assert_eq!(Hint::Any.or_none(), Hint::Any);
    }

    #[test]
    fn types_stated_in_docstrings() {
        let rest = "Do it.\n\n:param int width: how wide\n:type text: str or bytes\n:arg int ucs: a code point\n:argument list table: ranges\n";
        let google = "Do it.\n\nArgs:\n    text (str): the text.\n    key (callable, optional): a key.\n\nReturns:\n    str: it.\n";
        let numpy = "Do it.\n\nParameters\n----------\nitems : list of int\n    The items.\nscale : float, optional\n\nReturns\n-------\nint\n";
        let rest = documented_types(rest);
        assert_eq!(rest["width"], Hint::Int);
        assert_eq!(rest["text"], Hint::union(vec![Hint::Str, Hint::Bytes]));
        // Sphinx reads `:arg`, `:argument`, `:key` and `:keyword` as `:param`.
        assert_eq!(rest["ucs"], Hint::Int);
        assert_eq!(rest["table"], Hint::list(Hint::Any));
        let google = documented_types(google);
        assert_eq!(google["text"], Hint::Str);
        assert_eq!(google["key"], Hint::Callable);
        assert_eq!(google.len(), 2, "{google:?}");
        let numpy = documented_types(numpy);
        assert_eq!(numpy["items"], Hint::list(Hint::Int));
        assert!(matches!(numpy["scale"], Hint::Union { .. }));
        assert_eq!(numpy.len(), 2, "{numpy:?}");
    }
}
