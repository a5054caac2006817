//! Probing a sliced function for inputs: the request that runs `probe.py` against the program,
//! the seeds it starts from (doctests, literal call sites), and the report it sends back.
//!
//! An instance method is probed on receivers the probe builds ([`method_request`]): from
//! constructor calls in doctests and literal call sites ([`receiver_seeds`]) and from pools for
//! the parameters of the class's `__init__` (of its subclasses' where it builds none, an
//! abstract base). A parameter that takes objects of the program's classes gets instances
//! built the same way ([`instance_parameters`], [`instance_seeds`]).
//!
//! A function is probed twice, by two separate sandbox runs (with different `PYTHONHASHSEED`s
//! when the caller has a second executor); only calls whose outcome is the same in both runs
//! (and in both executions within each run) become test cases.

use std::collections::{BTreeMap, BTreeSet};

use benchgen_core::{ExecOutcome, ExecRequest, Limits, Target, Verdict};
use benchgen_python::{FunctionInfo, ParameterKind};
use serde::{Deserialize, Serialize};

use crate::hints::{hint, Hint};
use crate::report::SkipReason;
use crate::select::Callable;

const PROBE: &str = include_str!("probe.py");

/// The modules the probe imports.
pub(crate) fn preimports() -> Vec<String> {
    benchgen_python::imported_modules([PROBE])
}
const MARKER: &str = "BENCHGEN-PROBE:";
/// Most seed argument texts passed to the probe.
const MAX_SEEDS: usize = 40;

/// How hard the probe looks. Every bound that shapes what it finds counts work, so that a
/// rebuild on another machine finds the same calls (see `probe.py`); `safety_s` only stops a
/// probe that runs away, and its item is then skipped (`probe_timeout`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ProbeSettings {
    pub seed: u64,
    /// Most distinct calls tried.
    pub max_calls: usize,
    /// Calls that time out before the probe stops trying more.
    pub max_timeouts: usize,
    /// Limit of one call in CPU seconds of the probe's process (a loaded machine does not
    /// shorten it); a call that sleeps is stopped at a multiple of it in wall time.
    pub call_cpu_s: f64,
    /// Wall-clock safety limit of one probe run, in seconds.
    pub safety_s: f64,
    /// Longest argument text or result literal kept, in characters.
    pub max_text: usize,
}

#[derive(Serialize)]
struct Config<'a> {
    call: &'a str,
    params: Vec<Param>,
    seeds: Vec<String>,
    /// First and last line of the target's definition in the program.
    lines: [usize; 2],
    /// First line of the body: lines before it (signature, docstring) are not coverage.
    body_line: usize,
    seed: u64,
    max_calls: usize,
    max_timeouts: usize,
    call_cpu_s: f64,
    safety_s: f64,
    max_text: usize,
    /// An aimed round (see `probe.py`): the seeds and their mutants only, with the target's
    /// literals spliced in.
    aim: bool,
    /// In an aimed round, the optional parameters whose reset to their default the tests miss
    /// (the stub gate's `name = default` body survives): the probe looks for calls where each
    /// changes the outcome (see `probe.py`, `_add_aimed_effect_calls`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    effects: Vec<String>,
    /// Values the docstring names, by kind (`str`, `int`, `float`): the edges it documents
    /// (`'.'`, `0`, `-1`, `1900`) go first into the pools of their kind.
    documented: DocumentedValues,
    /// The function takes `**kwargs`: the probe passes keys of the dicts it is given as
    /// keyword arguments too (`where(mappings, a=1)`).
    var_keyword: bool,
    /// For a method called on receivers the probe builds (`call` is then the class).
    #[serde(skip_serializing_if = "Option::is_none")]
    receiver: Option<ReceiverConfig>,
    /// The constructor parameters of the program's classes that parameters take instances of
    /// (`Hint::Instance`), by class: the probe builds a few of each.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    instances: BTreeMap<String, Vec<Param>>,
    /// Constructor argument texts of those classes, by class: calls of each in the program's
    /// doctests and with literal arguments in its code (`HebrewDate(5781, 10, 5)`), which the
    /// probe builds instances from before its pools.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    instance_seeds: BTreeMap<String, Vec<String>>,
    /// The function the slice was cut from, which the probe calls on every case too where it
    /// can import it with the same source.
    #[serde(skip_serializing_if = "Option::is_none")]
    original: Option<Original>,
}

/// Where the original of a sliced target lives: its module (as items import it) and qualified
/// name, and the target's source as sliced. The probe imports it in the sandbox and compares
/// only when the imported function's source is this one (the same version of the code).
#[derive(Debug, Clone, Serialize)]
pub struct Original {
    pub module: String,
    pub qualname: String,
    pub source: String,
}

impl Original {
    /// The original of `function` (as found in `program`) in `module`.
    pub fn new(module: &str, function: &FunctionInfo, program: &str) -> Self {
        let span = &function.target.span;
        Self {
            module: module.to_string(),
            qualname: function.qualified_name.clone(),
            source: program[span.start_byte..span.end_byte].to_string(),
        }
    }
}

/// How the probe builds receivers for a method: the class's constructor.
#[derive(Serialize)]
struct ReceiverConfig {
    method: String,
    /// The method is a property getter: read, not called.
    property: bool,
    /// The constructor's parameters (`self` or `cls` left out): of the class's own `__init__`,
    /// else of its own `__new__`; none known when it has neither.
    params: Vec<Param>,
    /// Constructor calls from doctests and literal call sites.
    seeds: Vec<ReceiverSeed>,
    /// The constructor parameters of the program's subclasses of the class, by name: how the
    /// probe builds receivers where the class builds none (an abstract base).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    subclasses: BTreeMap<String, Vec<Param>>,
}

/// A call that builds a receiver, found in a doctest or at a call site: the class itself
/// (`Version(1, 2)`), or one of its class-level factories (`Version.parse('1.2.3-rc.1')`),
/// which the probe keeps only when it returns an instance of the class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReceiverSeed {
    /// The factory's name; `None` for the class itself.
    pub factory: Option<String>,
    /// The argument text.
    pub arguments: String,
}

/// Quoted strings and numbers a docstring mentions.
#[derive(Debug, Default, PartialEq, Serialize)]
struct DocumentedValues {
    str: Vec<String>,
    int: Vec<i64>,
    float: Vec<f64>,
    /// Names the docstring subscripts with (`list(...)[index]`): indexing semantics, negative
    /// positions included, are documented for them.
    subscripts: Vec<String>,
    /// The docstring says the inputs are kept (a copy, a new value, left unchanged): tests
    /// check the arguments and the receiver after every call, not only where the reference
    /// changed them.
    keeps_inputs: bool,
    /// The docstring speaks of lines (a line break, `\n`, multi-line text): text ending in a
    /// line break is in its domain. Elsewhere a call passing it pins what the reference happens
    /// to do with one (a regex's `$` matches before a final newline), which a correct answer
    /// need not share.
    lines: bool,
}

/// Words with which a docstring speaks of lines of text.
const LINE_WORDS: &[&str] = &[
    "line",
    "lines",
    "newline",
    "newlines",
    "linebreak",
    "linebreaks",
    "multiline",
    "paragraph",
    "paragraphs",
    "eol",
    "crlf",
];

/// Words with which a docstring says its function leaves its inputs alone.
const KEEPS_INPUTS: &[&str] = &[
    "copy",
    "a new ",
    "new instance",
    "new object",
    "unchanged",
    "untouched",
    "unmodified",
    "not modif",
    "not change",
    "not mutate",
    "without modif",
    "without chang",
    "without mutat",
    "non-destructive",
    "original",
];

/// Longest quoted text taken from a docstring, in characters.
const MAX_DOCUMENTED_TEXT: usize = 30;
/// Values of each kind taken from a docstring, at most.
const MAX_DOCUMENTED: usize = 8;

/// The values `docstring` names: text between quotes or backticks (short, on one line),
/// numbers standing alone, and the numeric edges it names in words ("contains a zero", "a
/// negative value": 0 and -1).
fn documented_values(docstring: &str) -> DocumentedValues {
    let mut values = DocumentedValues::default();
    let chars: Vec<char> = docstring.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '\'' | '"' | '`') {
            let end = (i + 1..chars.len().min(i + 2 + MAX_DOCUMENTED_TEXT))
                .find(|&j| chars[j] == c || chars[j] == '\n');
            if let Some(end) = end.filter(|&j| chars[j] == c) {
                let text: String = chars[i + 1..end].iter().collect();
                let text = text.trim_matches('`').to_string();
                // An apostrophe inside a word (`don't`) opens no quote.
                let after_word = i > 0 && chars[i - 1].is_alphanumeric();
                if !after_word && !values.str.contains(&text) && values.str.len() < MAX_DOCUMENTED {
                    values.str.push(text);
                }
                i = end + 1;
                continue;
            }
        }
        i += 1;
    }
    for token in docstring
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '[' | ']' | ':'))
    {
        let token = token.trim_end_matches('.');
        let named = match token.to_ascii_lowercase().as_str() {
            "zero" | "zeros" | "zeroes" => Some(0),
            "negative" | "negatives" => Some(-1),
            _ => None,
        };
        if let Some(n) = named {
            if !values.int.contains(&n) && values.int.len() < MAX_DOCUMENTED {
                values.int.push(n);
            }
            continue;
        }
        if token.is_empty()
            || !token
                .trim_start_matches('-')
                .starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        if let Ok(n) = token.parse::<i64>() {
            if !values.int.contains(&n) && values.int.len() < MAX_DOCUMENTED {
                values.int.push(n);
            }
        } else if let Ok(x) = token.parse::<f64>() {
            if x.is_finite() && !values.float.contains(&x) && values.float.len() < MAX_DOCUMENTED {
                values.float.push(x);
            }
        }
    }
    for (open, _) in docstring.match_indices('[') {
        let rest = &docstring[open + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let is_name = name.starts_with(|c: char| c.is_alphabetic() || c == '_');
        if is_name && rest[name.len()..].starts_with(']') && !values.subscripts.contains(&name) {
            values.subscripts.push(name);
        }
    }
    let lower = docstring.to_lowercase();
    values.keeps_inputs = KEEPS_INPUTS.iter().any(|words| lower.contains(words));
    values.lines = docstring.contains("\\n")
        || docstring.contains("\\r")
        || lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| LINE_WORDS.contains(&word));
    values
}

#[derive(Serialize)]
struct Param {
    name: String,
    kind: &'static str,
    required: bool,
    hint: Hint,
    /// The default's text: a module constant there (`spec=CSS3`) brings its siblings.
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<String>,
    /// The hint is the annotation's (see [`crate::hints::reads_annotation`]); where it is
    /// not, the probe reads the annotation the program evaluates to, when there is one.
    annotation_read: bool,
}

/// The request that probes `function` (as found in `program`, at `target`) by calling the
/// expression `call` (`f`, `Class.f`, or `obj.f` on an instance that setup code builds).
/// `original`: the function the slice was cut from, which the probe compares it with.
pub fn request(
    program: &str,
    function: &FunctionInfo,
    call: &str,
    callable: Callable,
    seeds: Vec<String>,
    settings: &ProbeSettings,
    original: Option<Original>,
) -> ExecRequest {
    let config = Config {
        original,
        ..config(
            program,
            function,
            &function.target,
            call,
            callable,
            seeds,
            settings,
        )
    };
    config_request(program, config)
}

/// Which probe round a method's request is.
pub enum Round {
    /// The first: the search from seeds and pools, compared with the original function where
    /// one is given (see [`request`]).
    First(Option<Original>),
    /// An aimed round (see [`aimed_request`]), with the parameters whose effect to look for.
    Aimed(Vec<String>),
}

/// [`request`] for an aimed round: the probe tries `seeds` (calls that reach code whose faults
/// the tests miss) and mutants of them only, splicing in the target's own literals, and looks
/// for calls where each of the optional parameters `effects` changes the outcome.
#[allow(clippy::too_many_arguments)]
pub fn aimed_request(
    program: &str,
    function: &FunctionInfo,
    target: &Target,
    call: &str,
    callable: Callable,
    seeds: Vec<String>,
    effects: Vec<String>,
    settings: &ProbeSettings,
) -> ExecRequest {
    let config = Config {
        aim: true,
        effects,
        ..config(program, function, target, call, callable, seeds, settings)
    };
    config_request(program, config)
}

/// The request that probes the instance method `function` (`Class.method` in `program`) on
/// receivers the probe builds: from `receiver_seeds` (constructor argument texts, see
/// [`receiver_seeds`]) and from values for the parameters of the class's `__init__` (or
/// `__new__`) in
/// `program` (typed from `stub` where the source leaves them open), in the probe round `round`.
pub fn method_request(
    program: &str,
    function: &FunctionInfo,
    stub: Option<&benchgen_python::StubAnnotations>,
    seeds: Vec<String>,
    receiver_seeds: Vec<ReceiverSeed>,
    settings: &ProbeSettings,
    round: Round,
) -> ExecRequest {
    let class = function.class_path.join(".");
    let functions = benchgen_python::functions(program);
    let classes = program_classes(program);
    // Its own constructor only: one without it is built by the functions that return it,
    // whose parameters are what the class's base would take from its internals (`Either`).
    let init = constructor(&functions, &class).cloned().map(|mut init| {
        if let Some(stub) = stub {
            stub.apply(&mut init);
        }
        init
    });
    let params = init.map(|init| parameters(&init, 1)).unwrap_or_default();
    let mut config = config(
        program,
        function,
        &function.target,
        &class,
        Callable::Method,
        seeds,
        settings,
    );
    match round {
        Round::First(original) => config.original = original,
        Round::Aimed(effects) => {
            config.aim = true;
            config.effects = effects;
        }
    }
    config.receiver = Some(ReceiverConfig {
        method: function.name.clone(),
        property: crate::select::property_decorator(function).is_some(),
        params,
        seeds: receiver_seeds,
        subclasses: subclass_constructors(&functions, &classes, &class),
    });
    config_request(program, config)
}

/// Calls that build a receiver for the method `function`: calls of its class, and of a
/// class-level factory of it (`Class.parse(...)`), in the doctests of `texts` (any arguments)
/// and at their literal call sites.
pub fn receiver_seeds(function: &FunctionInfo, texts: &[&str]) -> Vec<ReceiverSeed> {
    let Some(class) = function.class_path.last() else {
        return Vec::new();
    };
    // `Class(...)` is the class; `Class.name(...)` a factory, unless it is the method itself.
    let builds_it = |callee: &str| -> Option<Option<String>> {
        if callee == class || callee.ends_with(&format!(".{class}")) {
            return Some(None);
        }
        let (owner, name) = callee.rsplit_once('.')?;
        let owner_is_class = owner == class || owner.ends_with(&format!(".{class}"));
        (owner_is_class && name != function.name && !name.starts_with('_'))
            .then(|| Some(name.to_string()))
    };
    let mut seeds: Vec<ReceiverSeed> = Vec::new();
    // The method's own examples first: the receivers its author chose to show what it does
    // (`Version("1.2.3.post1").post`), which the class's and the file's other examples, found
    // earlier in the text, would otherwise crowd out of the few receivers the probe keeps.
    let own = function
        .docstring
        .as_deref()
        .map(doctest_source)
        .unwrap_or_default();
    let mut found = benchgen_python::calls(&own);
    for text in texts {
        found.extend(benchgen_python::calls(&doctest_source(text)));
        found.extend(
            benchgen_python::calls(text)
                .into_iter()
                .filter(|c| c.literal),
        );
    }
    for call in found {
        let Some(factory) = builds_it(&call.callee) else {
            continue;
        };
        let seed = ReceiverSeed {
            factory,
            arguments: call.arguments,
        };
        if !seeds.contains(&seed) && seeds.len() < MAX_SEEDS {
            seeds.push(seed);
        }
    }
    seeds
}

/// The probe's parameters of `function`, the first `bound` left out.
fn parameters(function: &FunctionInfo, bound: usize) -> Vec<Param> {
    let docstring = function.docstring.as_deref().unwrap_or_default();
    let documented = crate::hints::documented_types(docstring);
    let takes_none = crate::hints::documented_none(docstring);
    let hint = |p: &benchgen_python::Parameter| {
        let hint = match documented.get(&p.name) {
            Some(hint) if p.annotation.is_none() => hint.clone(),
            _ => hint(p),
        };
        if takes_none.contains(&p.name) {
            hint.or_none()
        } else {
            hint
        }
    };
    function
        .parameters
        .iter()
        .skip(bound)
        .filter(|p| p.kind != ParameterKind::KwArgs)
        .filter(|p| !p.is_internal())
        .map(|p| Param {
            name: p.name.clone(),
            kind: match p.kind {
                ParameterKind::PositionalOnly => "positional_only",
                ParameterKind::Positional => "positional",
                ParameterKind::VarArgs => "var_positional",
                ParameterKind::KeywordOnly | ParameterKind::KwArgs => "keyword_only",
            },
            required: p.default.is_none() && p.kind != ParameterKind::VarArgs,
            hint: match p.kind {
                // The pool of `*args` is lists of what each argument is.
                ParameterKind::VarArgs => Hint::List {
                    item: Box::new(hint(p)),
                    mutable: false,
                },
                _ => hint(p),
            },
            default: p.default.clone(),
            annotation_read: crate::hints::reads_annotation(p),
        })
        .collect()
}

/// The constructor of `class` among `functions`: its own `__init__`, else its own `__new__`,
/// which builds the instances of a class without an `__init__` (a subclass of a namedtuple,
/// an immutable value).
fn constructor<'f>(functions: &'f [FunctionInfo], class: &str) -> Option<&'f FunctionInfo> {
    let own = |name: &str| {
        let qualified = format!("{class}.{name}");
        functions.iter().rfind(|f| f.qualified_name == qualified)
    };
    own("__init__").or_else(|| own("__new__"))
}

/// The classes `program` defines at its top level, each with the last names of its bases
/// (`class HebrewDate(BaseDate, CalendarDateMixin):` gives `BaseDate`, `CalendarDateMixin`).
fn program_classes(program: &str) -> Vec<(String, Vec<String>)> {
    benchgen_python::top_level_statements(program)
        .into_iter()
        .filter(|s| s.kind == benchgen_python::StatementKind::Definition)
        .filter_map(|s| {
            let name = s.binds.first()?.clone();
            let text = &program[s.span.start_byte..s.span.end_byte];
            let header = text
                .lines()
                .position(|line| line.starts_with(&format!("class {name}")))?;
            // The header up to its colon, over the lines it spans.
            let rest: String = text.lines().skip(header).collect::<Vec<_>>().join(" ");
            let after = rest[format!("class {name}").len()..].trim_start();
            let mut bases = Vec::new();
            if let Some(inside) = after.strip_prefix('(') {
                let mut depth = 0usize;
                let mut current = String::new();
                for c in inside.chars() {
                    match c {
                        '(' | '[' => depth += 1,
                        ')' | ']' if depth == 0 => break,
                        ')' | ']' => depth -= 1,
                        ',' if depth == 0 => {
                            bases.push(std::mem::take(&mut current));
                            continue;
                        }
                        _ => {}
                    }
                    current.push(c);
                }
                bases.push(current);
            }
            let bases = bases
                .iter()
                .map(|b| b.trim())
                .filter(|b| !b.is_empty() && !b.contains('='))
                .map(|b| {
                    let b = b.split('[').next().unwrap_or(b);
                    b.rsplit('.').next().unwrap_or(b).trim().to_string()
                })
                .collect();
            Some((name, bases))
        })
        .collect()
}

/// The constructor that builds `class`: its own (see [`constructor`]), else the first one its
/// bases in the program have, depth first.
fn inherited_constructor<'f>(
    functions: &'f [FunctionInfo],
    classes: &[(String, Vec<String>)],
    class: &str,
) -> Option<&'f FunctionInfo> {
    let mut stack = vec![class.to_string()];
    let mut seen = BTreeSet::new();
    while let Some(name) = stack.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some(init) = constructor(functions, &name) {
            return Some(init);
        }
        if let Some((_, bases)) = classes.iter().find(|(c, _)| *c == name) {
            stack.extend(bases.iter().rev().cloned());
        }
    }
    None
}

/// The constructor parameters of the classes `classes` has that derive from `class`, at any
/// depth, by name.
fn subclass_constructors(
    functions: &[FunctionInfo],
    classes: &[(String, Vec<String>)],
    class: &str,
) -> BTreeMap<String, Vec<Param>> {
    let mut found: BTreeSet<String> = BTreeSet::new();
    let mut frontier = vec![class.to_string()];
    while let Some(base) = frontier.pop() {
        for (name, bases) in classes {
            if bases.contains(&base) && name != class && found.insert(name.clone()) {
                frontier.push(name.clone());
            }
        }
    }
    found
        .into_iter()
        .map(|name| {
            let params = inherited_constructor(functions, classes, &name)
                .map(|init| parameters(init, 1))
                .unwrap_or_default();
            (name, params)
        })
        .collect()
}

/// Gives the parameters of `params` that take instances of a class `program` defines a
/// `Hint::Instance` of it (alone where the type is stated and nothing else was known or only
/// the parameter's name suggested a kind, else beside what was; a list of them where the
/// stated type is a list of the class, `list[Node]`, `list of Conflict objects`), and returns
/// those classes' constructor parameters (inherited from a base of the program where the class
/// has none), and those of their subclasses (an abstract base builds no instance of its own).
/// A parameter takes one where its annotation or documented type names the class
/// (`tokenizer: Tokenizer`, `:param other: Interval`), where its name is the class's
/// (`interval` for `Interval`), or where it is the `other` of a method of the class.
fn instance_parameters(
    program: &str,
    function: &FunctionInfo,
    params: &mut [Param],
) -> BTreeMap<String, Vec<Param>> {
    let program_classes = program_classes(program);
    let classes: Vec<String> = program_classes.iter().map(|(c, _)| c.clone()).collect();
    if classes.is_empty() {
        return BTreeMap::new();
    }
    let documented = function
        .docstring
        .as_deref()
        .map(crate::hints::documented_type_texts)
        .unwrap_or_default();
    let class_in = |text: &str| {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .find(|word| classes.iter().any(|c| c == word))
            .map(str::to_string)
    };
    let functions = benchgen_python::functions(program);
    let mut instances = BTreeMap::new();
    for param in params.iter_mut() {
        if param.kind == "var_positional" {
            continue;
        }
        let source = function.parameters.iter().find(|p| p.name == param.name);
        let annotation = source.and_then(|p| p.annotation.as_deref());
        let stated_text = annotation
            .filter(|a| class_in(a).is_some())
            .or_else(|| documented.get(&param.name).map(String::as_str));
        let stated = stated_text.and_then(class_in);
        let guessed = || {
            classes
                .iter()
                .find(|c| snake_case(c) == param.name)
                .or_else(|| {
                    (param.name == "other")
                        .then(|| function.class_path.last().filter(|c| classes.contains(c)))
                        .flatten()
                })
                .cloned()
        };
        let (class, stated) = match stated {
            Some(class) => (class, true),
            None => match guessed() {
                Some(class) => (class, false),
                None => continue,
            },
        };
        let mut instance = Hint::Instance {
            class: class.clone(),
        };
        if stated && stated_text.is_some_and(|text| holds_many(text, &class)) {
            // `heap: list[Node]`, `:param conflicts: list of Conflict objects`: a list of them.
            instance = Hint::List {
                item: Box::new(instance),
                mutable: false,
            };
        }
        // What the name alone suggests gives way to a stated class (`date : BaseDate` is no
        // `datetime.date`).
        let named_only = source.is_some_and(|p| {
            p.annotation.is_none() && p.default.is_none() && crate::hints::hint(p) == param.hint
        });
        param.hint = match std::mem::replace(&mut param.hint, Hint::Any) {
            Hint::Any if stated => instance,
            _ if stated && named_only => instance,
            // A name is a guess: instances first, anything else still in the domain (a set's
            // `other` may be any iterable).
            Hint::Any => Hint::Union {
                options: vec![instance, Hint::Any],
            },
            known => Hint::union(vec![known, instance]),
        };
        // Its constructor's parameters by their own hints: no instances within instances. Its
        // subclasses' too: an abstract base builds none of its own.
        let made = inherited_constructor(&functions, &program_classes, &class)
            .map(|init| parameters(init, 1))
            .unwrap_or_default();
        instances.insert(class.clone(), made);
        for (name, made) in subclass_constructors(&functions, &program_classes, &class) {
            instances.entry(name).or_insert(made);
        }
    }
    instances
}

/// Whether the stated type `text` is a container of `class`'s instances: `list[Node]`,
/// `Sequence[Node]`, `list of Conflict objects`.
fn holds_many(text: &str, class: &str) -> bool {
    let lower = text.trim().trim_start_matches('~').to_ascii_lowercase();
    let class = class.to_ascii_lowercase();
    let lower = lower.strip_prefix("typing.").unwrap_or(&lower);
    lower.contains(&class)
        && ["list", "sequence", "iterable", "tuple", "collection"]
            .iter()
            .any(|c| lower.starts_with(&format!("{c}[")) || lower.starts_with(&format!("{c} of")))
}

/// For each of `classes`, the argument texts of its calls in `program`'s doctests (any
/// arguments) and code (literal ones), at most MAX_SEEDS, distinct; classes without any left out.
fn instance_seeds<'c>(
    program: &str,
    classes: impl Iterator<Item = &'c String>,
) -> BTreeMap<String, Vec<String>> {
    let calls: Vec<benchgen_python::Call> = benchgen_python::calls(&doctest_source(program))
        .into_iter()
        .chain(
            benchgen_python::calls(program)
                .into_iter()
                .filter(|c| c.literal),
        )
        .filter(|c| !c.arguments.is_empty())
        .collect();
    let mut seeds = BTreeMap::new();
    for class in classes {
        let mut found: Vec<String> = Vec::new();
        for call in &calls {
            let named = call.callee == *class || call.callee.ends_with(&format!(".{class}"));
            if named && !found.contains(&call.arguments) && found.len() < MAX_SEEDS {
                found.push(call.arguments.clone());
            }
        }
        if !found.is_empty() {
            seeds.insert(class.clone(), found);
        }
    }
    seeds
}

/// `IntervalTree` → `interval_tree`.
fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.extend(c.to_lowercase());
    }
    snake
}

fn config<'a>(
    program: &str,
    function: &FunctionInfo,
    target: &Target,
    call: &'a str,
    callable: Callable,
    seeds: Vec<String>,
    settings: &ProbeSettings,
) -> Config<'a> {
    let mut params = parameters(function, callable.bound_parameters());
    let instances = instance_parameters(program, function, &mut params);
    let instance_seeds = instance_seeds(program, instances.keys());
    Config {
        call,
        params,
        instances,
        instance_seeds,
        seeds,
        lines: [target.span.start_line, target.span.end_line],
        body_line: target.body.start_line,
        seed: settings.seed,
        max_calls: settings.max_calls,
        max_timeouts: settings.max_timeouts,
        call_cpu_s: settings.call_cpu_s,
        safety_s: settings.safety_s,
        max_text: settings.max_text,
        aim: false,
        effects: Vec::new(),
        documented: function
            .docstring
            .as_deref()
            .map(documented_values)
            .unwrap_or_default(),
        var_keyword: function
            .parameters
            .iter()
            .any(|p| p.kind == ParameterKind::KwArgs),
        receiver: None,
        original: None,
    }
}

/// The request that runs the probe with `config` against `program`.
fn config_request(program: &str, config: Config<'_>) -> ExecRequest {
    // Room past the probe's own safety limit for the call it is in (whose wall-clock backstop
    // is `CALL_WALL_FACTOR` in probe.py) and its report, so that the probe, not the sandbox,
    // says it ran out of time.
    let wall = config.safety_s + 8.0 * config.call_cpu_s + 10.0;
    let config = serde_json::to_string(&config).expect("the probe config serializes");
    // What a probe was asked, for reproducing one outside a build (`RUST_LOG=benchgen_build=trace`).
    tracing::trace!(%config, "probe config");
    // JSON string literals are valid Python string literals.
    let literal = |text: &str| serde_json::to_string(text).expect("a string serializes");
    let tests = format!(
        "def test_probe():\n    namespace = {{'__name__': 'benchgen_probe'}}\n    exec(compile({}, 'benchgen_probe.py', 'exec'), namespace)\n    namespace['main']({}, globals())\n",
        literal(PROBE),
        literal(&config),
    );
    let limits = Limits {
        wall_time_s: wall,
        cpu_time_s: wall.ceil() + 5.0,
        output_bytes: 8 << 20,
        ..Limits::default()
    };
    ExecRequest {
        program: program.to_string(),
        tests,
        reference: None,
        limits,
        ..Default::default()
    }
}

/// Argument texts to start from: calls of the function in its docstring's examples (any
/// arguments: they were written to work) and in its file (literal arguments only: others name
/// variables of the calling code).
pub fn seeds(function: &FunctionInfo, file_text: &str) -> Vec<String> {
    let name = &function.name;
    let calls_it = |callee: &str| callee == name || callee.ends_with(&format!(".{name}"));
    let doctest = function
        .docstring
        .as_deref()
        .map(doctest_source)
        .unwrap_or_default();
    // A method's examples call it on a receiver they build in place
    // (`Spec(">=1.2").filter(["1.3"])`): its arguments are seeds as `spec.filter(...)`'s are.
    let class = function.class_path.last();
    let on_receiver = benchgen_python::chained_calls(&doctest)
        .into_iter()
        .filter(|(on, call)| {
            call.callee == *name
                && class.is_some_and(|class| {
                    let owner = on.callee.rsplit_once('.').map_or("", |(owner, _)| owner);
                    on.callee == *class
                        || on.callee.ends_with(&format!(".{class}"))
                        || owner == class
                })
        })
        .map(|(_, call)| call);
    let from_docs = benchgen_python::calls(&doctest)
        .into_iter()
        .filter(|c| calls_it(&c.callee))
        .chain(on_receiver);
    let from_file = benchgen_python::calls(file_text)
        .into_iter()
        .filter(|c| c.literal && calls_it(&c.callee));
    let mut seeds: Vec<String> = Vec::new();
    for call in from_docs.chain(from_file) {
        if !call.arguments.is_empty() && !seeds.contains(&call.arguments) && seeds.len() < MAX_SEEDS
        {
            seeds.push(call.arguments);
        }
    }
    seeds
}

/// The Python source of a docstring's `>>>` examples (with their `...` continuation lines).
fn doctest_source(docstring: &str) -> String {
    let mut source = String::new();
    for line in docstring.lines().map(str::trim_start) {
        if let Some(code) = line
            .strip_prefix(">>> ")
            .or_else(|| (line == ">>>").then_some(""))
        {
            source.push_str(code);
            source.push('\n');
        } else if let Some(code) = line
            .strip_prefix("... ")
            .or_else(|| (line == "...").then_some(""))
        {
            source.push_str(code);
            source.push('\n');
        }
    }
    source
}

/// What the probe sends back.
#[derive(Debug, Clone, Deserialize)]
pub struct ProbeReport {
    pub cases: Vec<Case>,
    pub counts: Counts,
    /// The probe reached its wall-clock safety limit: what it found is not what a rebuild finds.
    #[serde(default)]
    pub timed_out: bool,
    /// Exception type name -> calls that raised it.
    pub errors: BTreeMap<String, usize>,
    /// Lines of the target's body that hold code (`None` when the probe could not find its
    /// code object, e.g. behind a decorator that hides it).
    pub executable: Option<Vec<usize>>,
    /// Parameter name -> type names seen in calls that returned, most frequent first.
    pub param_types: BTreeMap<String, Vec<String>>,
    /// The first case on which the original function (see [`Original`]) did something else
    /// than the slice's reference; `None` when they agree or the original is not importable.
    #[serde(default)]
    pub slice_differs: Option<String>,
}

impl ProbeReport {
    /// Lines of the target's body that calls outside the parameters' domain ran and no call in
    /// it did: where they only raise, a guard no test may reach (`Target::outside_domain_lines`).
    pub fn outside_domain_lines(&self) -> Vec<usize> {
        let inside: BTreeSet<usize> = self
            .cases
            .iter()
            .filter(|c| c.in_domain)
            .flat_map(|c| c.lines.iter().copied())
            .collect();
        let outside: BTreeSet<usize> = self
            .cases
            .iter()
            .filter(|c| !c.in_domain)
            .flat_map(|c| c.lines.iter().copied())
            .filter(|line| !inside.contains(line))
            .collect();
        outside.into_iter().collect()
    }
}

#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub struct Counts {
    pub calls: usize,
    pub timeouts: usize,
    pub unstable: usize,
}

/// One call and what the reference did.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Case {
    /// The argument text, as it goes between the parentheses.
    pub args: String,
    pub kind: CaseKind,
    /// Lines of the target's body the call executed.
    pub lines: Vec<usize>,
    /// Pairs of those lines run one after the other in one frame, 0 for a frame's entry and
    /// exit: what tells the two outcomes of a branch apart where they run the same lines.
    #[serde(default)]
    pub arcs: Vec<(usize, usize)>,
    /// Outcomes of the decisions the call took within a line (`a and b`, a ternary), each a
    /// conditional jump and the instruction after it: what lines and arcs do not tell apart.
    #[serde(default)]
    pub decisions: Vec<(usize, usize)>,
    /// Type names of the arguments, in order: `str, int`.
    #[serde(default)]
    pub arg_types: String,
    /// `repr` of the result.
    #[serde(default)]
    pub repr: String,
    /// The repr with set elements and dict items sorted: what runs must agree on, since their
    /// hash seeds (and so set orders) may differ while `==` holds.
    #[serde(default)]
    pub canonical: String,
    /// Type name of the result.
    #[serde(default, rename = "type")]
    pub type_name: String,
    /// The repr evaluates back to an equal value of the same type.
    #[serde(default)]
    pub literal: bool,
    /// Two results of the call compare equal and hold no class of the program: a
    /// differential check against the reference module can pass.
    #[serde(default)]
    pub equal: bool,
    #[serde(default)]
    pub floats: FloatShape,
    /// Expression naming the exception class in the program's namespace.
    #[serde(default)]
    pub raises: String,
    /// The exception's own class name.
    #[serde(default)]
    pub raised_type: String,
    /// The result in benchgen's canonical encoding, when both runs agreed on it and all of it
    /// could be encoded: the expected value of a data case.
    #[serde(default)]
    pub value: Option<serde_json::Value>,
    /// The result has a canonical encoding: `value`, or `null` (None) where `value` is `None`.
    #[serde(default)]
    pub has_value: bool,
    /// Every argument is of the kind its parameter's hint names: a call in the documented
    /// domain, whose result is behaviour a correct answer shares.
    #[serde(default = "yes")]
    pub in_domain: bool,
    /// The result was an iterator, recorded as the list of what it yielded: tests call
    /// `list(f(...))`.
    #[serde(default)]
    pub materialized: bool,
    /// Where the arguments came from.
    #[serde(default)]
    pub origin: Origin,
    /// How the call was made from another (see `probe.py`), to show a near miss: one string
    /// argument from another (`case`, `last`, `longer 0`: the first string is the other one
    /// character longer), or a list cut to one item that raises alone (`raises alone: zero`, by
    /// sign for numbers, else by type), or one argument taken from another (`taken: key`,
    /// `taken: keys`, `taken: item`, `taken: inner key`, `taken: inner key of some`, `taken: method`, `taken: attribute`,
    /// `taken: path`, `taken: substring`, `taken: substring twice`, `taken: keyword`: a key of a
    /// dict argument, a path into a nested one, a part of a string that occurs in it...);
    /// empty for other calls.
    #[serde(default)]
    pub related: String,
    /// For a method called on a receiver the probe built: the constructor's argument text
    /// (`Class(receiver)`); `None` for a plain call.
    #[serde(default)]
    pub receiver: Option<String>,
    /// The statements that build the receiver's state after its constructor (`obj.add(3)`,
    /// `obj['a'] = 1`): a receiver built by a sequence; empty for a constructed one.
    #[serde(default)]
    pub receiver_steps: Vec<String>,
    /// The arguments the function the call returned was called with, and the function that
    /// returned after (`lru_cache(3)(len)('abc')`: `len`, `'abc'`), whose result is the
    /// case's; empty for a call whose result is the case's.
    #[serde(default)]
    pub applied: Vec<String>,
    /// The class-level factory that built the receiver (`parse` for `Class.parse(...)`);
    /// empty for the class itself.
    #[serde(default)]
    pub receiver_factory: String,
    /// The subclass whose instance the receiver is, where the method's own class builds none
    /// (a base whose `__new__` refuses to); empty for the class itself.
    #[serde(default)]
    pub receiver_class: String,
    /// The mutable arguments the tests check after the call (see `probe.py`'s
    /// `_checked_inputs`): bound by name before it, their value after it.
    #[serde(default)]
    pub inputs_after: Vec<InputAfter>,
    /// `args` with the checked arguments by their names; empty when none is checked.
    #[serde(default)]
    pub bound_args: String,
    /// The target is a property: tests read `obj.m`, with no call.
    #[serde(default)]
    pub attribute: bool,
    /// The method returned its receiver: tests check `obj.m(...) is obj` (`repr` is `True`).
    #[serde(default)]
    pub returns_self: bool,
    /// The expression that shows the receiver's state after the call (see `probe.py`), when
    /// the state can be written as a literal and encoded.
    #[serde(default)]
    pub state_expr: String,
    /// That state's literal.
    #[serde(default)]
    pub state_repr: String,
    /// That state with set elements and dict items sorted (what runs must agree on).
    #[serde(default)]
    pub state_canonical: String,
    /// That state in the canonical encoding.
    #[serde(default)]
    pub state: Option<serde_json::Value>,
}

/// A mutable argument of a call bound by name (`given_coll = {'a': 1}`), with its value after
/// the call.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct InputAfter {
    pub name: String,
    /// Its literal before the call.
    pub given: String,
    /// Its literal after the call.
    pub repr: String,
    /// Its value after the call in the canonical encoding.
    pub encoded: serde_json::Value,
}

/// Where a call's arguments came from, most telling first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// A random change of a call that worked: reaches branches, reads as noise.
    Mutant,
    /// A value of a pool, chosen for the edges rules single out (a leading dot, a century).
    #[default]
    Pool,
    /// A doctest or a call site: how the function is meant to be called.
    Seed,
}

fn yes() -> bool {
    true
}

#[cfg(test)]
impl Case {
    /// A call of `args` that returned the literal `repr`, with nothing else recorded: tests set
    /// what they need on top.
    pub(crate) fn literal_value(args: &str, repr: &str) -> Self {
        Self {
            args: args.into(),
            kind: CaseKind::Value,
            lines: vec![],
            arcs: vec![],
            decisions: vec![],
            arg_types: String::new(),
            repr: repr.into(),
            canonical: repr.into(),
            type_name: String::new(),
            literal: true,
            equal: true,
            floats: FloatShape::None,
            raises: String::new(),
            raised_type: String::new(),
            value: None,
            has_value: false,
            in_domain: true,
            materialized: false,
            origin: Default::default(),
            related: String::new(),
            receiver: None,
            receiver_steps: Vec::new(),
            receiver_factory: String::new(),
            receiver_class: String::new(),
            applied: Vec::new(),
            inputs_after: Vec::new(),
            bound_args: String::new(),
            attribute: false,
            returns_self: false,
            state_expr: String::new(),
            state_repr: String::new(),
            state_canonical: String::new(),
            state: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseKind {
    Value,
    Raise,
}

/// How floats in a result are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FloatShape {
    /// Exactly (no floats, or floats nested deeper than one flat sequence).
    #[default]
    None,
    /// A float: with a tolerance.
    Scalar,
    /// A flat list or tuple of numbers: element by element with a tolerance.
    Sequence,
}

impl Case {
    /// What the call did, for comparing runs: the result's repr (and the receiver's state) or
    /// the exception type.
    fn outcome(&self) -> (CaseKind, &str, &str) {
        match self.kind {
            CaseKind::Value => (CaseKind::Value, &self.canonical, &self.state_canonical),
            CaseKind::Raise => (CaseKind::Raise, &self.raised_type, ""),
        }
    }

    /// What tells calls apart: the receiver (its class, constructor or factory, the arguments
    /// and the steps), the arguments, and those its returned function was called with.
    pub fn key(&self) -> (Option<&str>, &str, &str, &[String], &str, &[String]) {
        (
            self.receiver.as_deref(),
            &self.receiver_class,
            &self.receiver_factory,
            &self.receiver_steps,
            &self.args,
            &self.applied,
        )
    }
}

/// The probe's report in a run's stdout.
pub fn parse(stdout: &str) -> Option<ProbeReport> {
    crate::batch::marked_json(stdout, MARKER)
}

/// The cases two probe runs of one function agree on; the item is skipped when either run
/// reached the probe's safety limit (`probe_timeout`: its cases depend on the machine's
/// speed), found the original function disagreeing with the slice (`slice_differs`), or did
/// not report at all.
pub(crate) fn read_twice(
    first: &ExecOutcome,
    second: &ExecOutcome,
    settings: &ProbeSettings,
) -> Result<ProbeReport, SkipReason> {
    let read = |outcome: &ExecOutcome| match parse(&outcome.stdout) {
        Some(report) if report.timed_out => Err(SkipReason::ProbeTimeout(settings.safety_s)),
        Some(ProbeReport {
            slice_differs: Some(detail),
            ..
        }) => Err(SkipReason::SliceDiffers(detail)),
        Some(report) => Ok(report),
        None if outcome.verdict == Verdict::Timeout => {
            Err(SkipReason::ProbeTimeout(settings.safety_s))
        }
        None => Err(SkipReason::NotRunnable(crate::batch::failure_summary(
            outcome,
        ))),
    };
    let first = read(first)?;
    Ok(agreeing(first, &read(second)?))
}

/// Cases of `first` whose call had the same outcome in `second`.
pub fn agreeing(first: ProbeReport, second: &ProbeReport) -> ProbeReport {
    let outcomes: BTreeMap<_, (CaseKind, &str, &str)> = second
        .cases
        .iter()
        .map(|c| (c.key(), c.outcome()))
        .collect();
    let mut report = first;
    let before = report.cases.len();
    report
        .cases
        .retain(|case| outcomes.get(&case.key()) == Some(&case.outcome()));
    report.counts.unstable += before - report.cases.len();
    report
}

/// Why no case returned a value: the most frequent exceptions, timeouts, instability.
pub fn no_input_summary(report: &ProbeReport) -> String {
    let mut errors: Vec<(&String, &usize)> = report.errors.iter().collect();
    errors.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut parts: Vec<String> = errors
        .iter()
        .take(3)
        .map(|(name, n)| format!("{name} ×{n}"))
        .collect();
    if report.counts.timeouts > 0 {
        parts.push(format!("timeout ×{}", report.counts.timeouts));
    }
    if report.counts.unstable > 0 {
        parts.push(format!("unstable ×{}", report.counts.unstable));
    }
    if parts.is_empty() {
        parts.push("no call could be written as a test".into());
    }
    format!("{} calls: {}", report.counts.calls, parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "\
def scale(values, factor=2, *, clip=None):
    \"\"\"Scales.

    >>> scale([1, 2], 3)
    [3, 6]
    >>> scale(
    ...     [4], factor=0.5)
    [2.0]
    >>> x = make()
    >>> scale(x)
    \"\"\"
    return [v * factor for v in values]

TABLE = scale([1, 2, 3])
OTHER = scale(TABLE)
scale([1, 2], 3)
";

    #[test]
    fn seeds_come_from_doctests_and_literal_call_sites() {
        let function = benchgen_python::functions(SOURCE).remove(0);
        assert_eq!(
            seeds(&function, SOURCE),
            ["[1, 2], 3", "[4], factor=0.5", "x", "[1, 2, 3]"]
        );
    }

    #[test]
    fn receivers_from_doctests_and_literal_constructor_calls() {
        let source = "\
class Box:
    \"\"\"A box.

    >>> b = Box(3, name=label)
    >>> Box(4).size()
    >>> Box.of('5').size()
    \"\"\"

    def __init__(self, n, name=''):
        self.n = n

    def size(self):
        return self.n

DEFAULT = Box(1)
OTHER = Box(DEFAULT.n)
";
        let size = benchgen_python::functions(source)
            .into_iter()
            .find(|f| f.qualified_name == "Box.size")
            .unwrap();
        let class = |arguments: &str| ReceiverSeed {
            factory: None,
            arguments: arguments.into(),
        };
        // A class-level call that is not the method is a factory the probe may build with.
        let factory = ReceiverSeed {
            factory: Some("of".into()),
            arguments: "'5'".into(),
        };
        assert_eq!(
            receiver_seeds(&size, &[source]),
            [class("3, name=label"), class("4"), factory, class("1")]
        );
        let request = method_request(
            source,
            &size,
            None,
            vec![],
            vec![class("4")],
            &ProbeSettings {
                seed: 0,
                max_calls: 10,
                max_timeouts: 4,
                call_cpu_s: 0.5,
                safety_s: 10.0,
                max_text: 200,
            },
            Round::First(None),
        );
        // The probe calls the class; the constructor's parameters (`self` left out) and seeds
        // build the receivers.
        assert!(
            request.tests.contains(r#"\"call\":\"Box\""#),
            "{}",
            request.tests
        );
        assert!(request.tests.contains(r#"\"method\":\"size\""#));
        assert!(request.tests.contains(r#"\"name\":\"n\""#));
        assert!(!request.tests.contains(r#"\"name\":\"self\""#));
    }

    #[test]
    fn values_a_docstring_names() {
        let values = documented_values(
            "Split at the last dot, ignoring leading dots: '.bashrc' has no\nextension. Don't count `a.b`; 0.5 and -1 and 1900.",
        );
        assert_eq!(values.str, [".bashrc", "a.b"]);
        assert_eq!(values.int, [-1, 1900]);
        assert_eq!(values.float, [0.5]);
        assert!(values.subscripts.is_empty());
        let indexing =
            documented_values("Equivalent to ``list(product(*args))[index]``; [1] [a b]");
        assert_eq!(indexing.subscripts, ["index"]);
        assert!(!values.lines && !indexing.lines);
    }

    #[test]
    fn line_breaks_are_documented_by_words_or_escapes() {
        assert!(documented_values("Joins the lines of `text`.").lines);
        assert!(documented_values(">>> dedent('  a\\n  b')").lines);
        assert!(
            !documented_values("Normalize a hex value; see the underline and inline forms.").lines
        );
    }

    #[test]
    fn numeric_edges_named_in_words() {
        let values = documented_values(
            "Raises StatisticsError if the data is empty, if it contains a zero, or if it contains a negative value.",
        );
        assert_eq!(values.int, [0, -1]);
    }

    #[test]
    fn the_request_embeds_the_probe_and_its_config() {
        let function = benchgen_python::functions(SOURCE).remove(0);
        let settings = ProbeSettings {
            seed: 7,
            max_calls: 50,
            max_timeouts: 4,
            call_cpu_s: 0.5,
            safety_s: 10.0,
            max_text: 200,
        };
        let request = request(
            SOURCE,
            &function,
            "scale",
            Callable::Function,
            vec!["[1], 2".into()],
            &settings,
            None,
        );
        assert_eq!(request.program, SOURCE);
        assert!(request.tests.starts_with("def test_probe():\n"));
        assert_eq!(
            benchgen_python::test_functions(&request.tests),
            ["test_probe"]
        );
        assert_eq!(benchgen_python::parse_errors(&request.tests), None);
        let config_of = |request: &ExecRequest| -> serde_json::Value {
            let config_start = request.tests.rfind("namespace['main'](").unwrap();
            let config_literal = request.tests[config_start + 18..]
                .trim_end()
                .trim_end_matches(", globals())");
            serde_json::from_str(&serde_json::from_str::<String>(config_literal).unwrap()).unwrap()
        };
        let config = config_of(&request);
        let seeds = vec!["[1], 2".to_string()];
        let aimed = aimed_request(
            SOURCE,
            &function,
            &function.target,
            "scale",
            Callable::Function,
            seeds,
            vec!["factor".into()],
            &settings,
        );
        assert_eq!(
            (config["aim"].as_bool(), config_of(&aimed)["aim"].as_bool()),
            (Some(false), Some(true))
        );
        assert_eq!(config.get("effects"), None);
        assert_eq!(config_of(&aimed)["effects"], serde_json::json!(["factor"]));
        assert_eq!(config_of(&aimed)["params"], config["params"]);
        assert_eq!(config["call"], "scale");
        assert_eq!(config["var_keyword"], false);
        assert_eq!(config["lines"], serde_json::json!([1, 12]));
        assert_eq!(config["body_line"], 12);
        let params: Vec<(String, String, bool)> = config["params"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["name"].as_str().unwrap().into(),
                    p["kind"].as_str().unwrap().into(),
                    p["required"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            params,
            [
                ("values".into(), "positional".into(), true),
                ("factor".into(), "positional".into(), false),
                ("clip".into(), "keyword_only".into(), false)
            ]
        );
        assert_eq!(
            config["params"][0]["hint"],
            serde_json::json!({"type": "list", "item": {"type": "any"}})
        );
    }

    fn case(args: &str, kind: CaseKind, outcome: &str) -> Case {
        Case {
            kind,
            canonical: outcome.replace("'y', 'x'", "'x', 'y'"),
            raises: outcome.into(),
            raised_type: outcome.into(),
            ..Case::literal_value(args, outcome)
        }
    }

    fn report(cases: Vec<Case>) -> ProbeReport {
        ProbeReport {
            cases,
            counts: Counts::default(),
            timed_out: false,
            errors: BTreeMap::new(),
            executable: None,
            param_types: BTreeMap::new(),
            slice_differs: None,
        }
    }

    #[test]
    fn only_outcomes_both_runs_agree_on_survive() {
        let first = report(vec![
            case("1", CaseKind::Value, "'a'"),
            case("2", CaseKind::Value, "{'x', 'y'}"),
            case("3", CaseKind::Raise, "ValueError"),
            case("4", CaseKind::Value, "1"),
        ]);
        let second = report(vec![
            case("1", CaseKind::Value, "'a'"),
            case("2", CaseKind::Value, "{'y', 'x'}"),
            case("3", CaseKind::Raise, "ValueError"),
        ]);
        let agreed = agreeing(first, &second);
        let args: Vec<&str> = agreed.cases.iter().map(|c| c.args.as_str()).collect();
        assert_eq!(args, ["1", "2", "3"]);
        assert_eq!(agreed.counts.unstable, 1);
    }
}
