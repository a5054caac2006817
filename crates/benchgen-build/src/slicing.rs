//! Dependency slicing: the target plus exactly the module-level statements it reaches,
//! transitively, in their original order and text.
//!
//! A name the target reads is resolved to every module-level statement that binds it (a `try`
//! with a fallback definition, a constant reassigned later), and the names those statements
//! read are resolved in turn. Statements that bind nothing but only touch kept names
//! (`TABLE[k] = v` filling a kept dict) come along, since the kept names would be incomplete
//! without them. What remains unresolved, unsafe or outside the standard library is a skip
//! with its reason. The body of an `if TYPE_CHECKING:` never runs, so what only it reads or
//! imports is no need ([`runtime_statements`]).
//!
//! Across a package ([`slice_in`]): an import of one of the package's own modules
//! (`from .x import y`, `from pkg.x import y`) is filled by slicing `y` out of that module the
//! same way, transitively; the pieces go before the target's module, each after the modules it
//! imports from (a piece of the target's own module holds what it shares with the target's
//! cut, once), and the import becomes the alias it bound (`z = y` for `import y as z`). A
//! package module used as a namespace (`from . import m`, then only `m.attr` reads) becomes a
//! small class holding exactly those attributes (one class at the program's end holding what
//! all of them read, where several modules read different attributes of one: fnc's modules
//! each `import fnc`, the package itself); one used as a bare value is a skip. A name
//! that another module binds otherwise than the target's is renamed there
//! (`_{module}_{name}`) unless the new name is taken, which is a skip. Modules that import each
//! other (toolz's `functoolz` ends with `from . import _signatures as _sigs`, which imports
//! from `functoolz`) are ordered as a depth-first walk meets them, and a namespace read only
//! inside function bodies goes at the program's end, where late binding finds it; an order
//! that still fails at import time shows when the program first runs. An import of a package
//! module in a function body, the usual way out of such a cycle (pipetools' `get_name` does
//! `from pipetools.main import Pipe`), is filled the same way and gives way to what it bound:
//! the program's definition itself, a local alias or a local namespace class; it runs only
//! when its function does, so it does not order the modules. An optional import
//! (`try: from .x import y` / `except ImportError:`) stays as written: a one-file program has
//! no package, so it falls back, as where the module is missing.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use benchgen_python::{FunctionInfo, LocalImport, StatementKind, TopLevelStatement};

use crate::facts::PythonFacts;
use crate::hazards;
use crate::report::SkipReason;

/// The modules of the package(s) being built, by dotted name: where a slice finds what a
/// `from .x import y` or an absolute self-import (`from pkg.x import y`) brings in.
#[derive(Debug, Default)]
pub struct Modules<'a> {
    texts: HashMap<String, (&'a str, Option<&'a str>)>,
}

impl<'a> Modules<'a> {
    /// `(module, text, package)` of every file: `package` as [`slice`] takes it.
    pub fn new(files: impl IntoIterator<Item = (&'a str, &'a str, Option<&'a str>)>) -> Self {
        Modules {
            texts: files
                .into_iter()
                .map(|(module, text, package)| (module.to_string(), (text, package)))
                .collect(),
        }
    }

    /// The dotted name of the module whose text is `text`, if it is one of these.
    fn name_of(&self, text: &str) -> Option<String> {
        self.texts
            .iter()
            .find(|(_, (own, _))| *own == text)
            .map(|(name, _)| name.clone())
    }

    fn get(&self, module: &str) -> Option<(&'a str, Option<&'a str>)> {
        self.texts.get(module).copied()
    }
}

/// Builtins of Python 2 only, which code written for both Pythons reads on its Python 2 branches
/// (`if sys.version_info < (3,): _range = xrange`): not unresolved, since those branches do not
/// run; a live read raises NameError when the probe calls it, as any other error.
const PYTHON2_BUILTINS: [&str; 12] = [
    "xrange",
    "unicode",
    "basestring",
    "unichr",
    "long",
    "raw_input",
    "file",
    "execfile",
    "cmp",
    "buffer",
    "apply",
    "intern",
];

/// The most modules one slice may draw definitions from (the target's own included).
const MAX_MODULES: usize = 24;

/// The standalone program for the function `qualified_name` of `source`. `package` is the
/// package relative imports in `source` start from (`json` for `json/decoder.py`), if known.
pub fn slice(
    source: &str,
    qualified_name: &str,
    package: Option<&str>,
    facts: &PythonFacts,
) -> Result<String, SkipReason> {
    slice_in(source, qualified_name, package, facts, &Modules::default())
}

/// [`slice`], across a package: what the target reaches through imports of `modules` (not in
/// the standard library) is cut out of those modules and put before it, so the program holds
/// exactly what the target reaches in every module. A name that means different things in two
/// of them, a module used as an object (`from . import x`, `import pkg.x`) and import cycles
/// are skips with their reason. A target that only hands its parameters to a function the
/// program defines gets that function nested into it ([`delegated_to`], [`nest_callee`]);
/// another delegation is a skip (`Delegation`).
///
/// A class comes whole (the target's, a subclass, one the target's code uses, one its docstring
/// says a parameter takes, with a concrete subclass, from the target's module or the one module
/// of the package that defines it: see [`documented_classes`], [`documented_elsewhere`]; a
/// slice that fails with those is cut again without them), so a hazard in
/// one of its methods (`now()` reading the clock) would skip every target that keeps it: then
/// the methods that nothing reaches from the target are left out of every class of the
/// package (see [`without_unreached_methods`]) and the slice is cut again.
pub fn slice_in(
    source: &str,
    qualified_name: &str,
    package: Option<&str>,
    facts: &PythonFacts,
    modules: &Modules,
) -> Result<String, SkipReason> {
    // What keeps a target from being cut out at all is the first reason to give.
    // With the classes its docstring says its parameters take, where they can be cut too.
    let program = slice_program(source, qualified_name, package, facts, modules, true)
        .or_else(|_| slice_program(source, qualified_name, package, facts, modules, false))?;
    match delegated_to(source, qualified_name)? {
        Some(callee) => nest_callee(&program, qualified_name, &callee),
        None => Ok(program),
    }
}

/// The function of `source` that a successful [`slice_in`] of `qualified_name` nested into the
/// target, if any: it holds the target's work, so the item records it
/// (`Provenance::nested`) and the sandbox keeps the module's copy out of candidates' reach as it
/// does the target's.
pub fn nested_callee(source: &str, qualified_name: &str) -> Option<String> {
    delegated_to(source, qualified_name).ok().flatten()
}

/// The function a delegating target (its body, after the docstring, one `return f(...)` that
/// hands on its parameters: `benchgen_python::body_shape`) calls by name, which the slice may
/// nest into it ([`nest_callee`]). `Ok(None)` for a target that does not delegate. A delegation
/// that is no call of a name (`return x`, `return self._impl(a)`, `return make(a)(b)`) is
/// `Delegation`: its prompt would show all the work, and the item would ask for one call.
fn delegated_to(source: &str, qualified_name: &str) -> Result<Option<String>, SkipReason> {
    // A target that is not found is the cut's to report.
    let Ok(target) = benchgen_python::find_target(source, qualified_name) else {
        return Ok(None);
    };
    let shape = benchgen_python::body_shape(source, &target).unwrap_or_default();
    match shape.callee {
        _ if !shape.delegates => Ok(None),
        Some(callee) if !callee.contains('.') => Ok(Some(callee)),
        _ => Err(SkipReason::Delegation),
    }
}

/// `program` with the definition of `callee`, the function its target delegates to, nested in
/// the target (`benchgen_python::nest_function`), where that keeps what both mean: `callee` is
/// a plain `def` of the program (of the target's module, or cut out of another module of the
/// package under its own name); the prompt (the program without the target's body) defines it
/// once and nothing in the prompt reads it (another kept function, a module-level statement,
/// the target's defaults or decorators, an alias, a module's namespace class); and no
/// parameter of the target is `callee` or a name `callee` reads, which the nested def would
/// see instead of the module's. Otherwise the callee stays in the prompt, and the target is
/// skipped as `Delegation`.
fn nest_callee(program: &str, qualified_name: &str, callee: &str) -> Result<String, SkipReason> {
    let target = benchgen_python::find_target(program, qualified_name)
        .map_err(|_| SkipReason::NotTopLevel)?;
    let prompt = benchgen_python::mask(program, &target);
    let statements = benchgen_python::top_level_statements(&prompt);
    let definitions: Vec<&TopLevelStatement> = statements
        .iter()
        .filter(|statement| statement.binds.iter().any(|b| b == callee))
        .collect();
    let [definition] = definitions.as_slice() else {
        return Err(SkipReason::Delegation);
    };
    let read_elsewhere = statements
        .iter()
        .any(|statement| statement.reads.iter().any(|chain| root(chain) == callee));
    let parameters: Vec<String> = benchgen_python::functions(program)
        .into_iter()
        .rfind(|function| function.qualified_name == qualified_name)
        .map(|function| function.parameters.into_iter().map(|p| p.name).collect())
        .unwrap_or_default();
    let hidden = std::iter::once(callee)
        .chain(definition.reads.iter().map(|chain| root(chain)))
        .any(|name| parameters.iter().any(|p| p == name));
    if read_elsewhere || hidden {
        return Err(SkipReason::Delegation);
    }
    benchgen_python::nest_function(program, &target, callee).ok_or(SkipReason::Delegation)
}

/// The program [`slice_in`] makes, before a delegation's callee is nested.
fn slice_program(
    source: &str,
    qualified_name: &str,
    package: Option<&str>,
    facts: &PythonFacts,
    modules: &Modules,
    documented: bool,
) -> Result<String, SkipReason> {
    let own_name = modules.name_of(source);
    let whole = slice_source(
        own_name.clone(),
        &benchgen_python::remove_main_block(source),
        qualified_name,
        package,
        facts,
        modules,
        documented,
    );
    let hazard = match whole {
        Err(hazard @ SkipReason::Hazard { .. }) => hazard,
        other => return other,
    };
    // The other modules the slice may draw classes from: those of the target's package.
    let mut others: Vec<(&str, &str, Option<&str>)> = (modules.texts.iter())
        .filter(|(name, _)| own_name.as_ref() != Some(*name))
        .filter(|(name, _)| package.is_some_and(|package| root(name) == root(package)))
        .map(|(name, (text, package))| (name.as_str(), *text, *package))
        .collect();
    others.sort_unstable();
    let texts: Vec<&str> = std::iter::once(source)
        .chain(others.iter().map(|(_, text, _)| *text))
        .collect();
    let Some((pruned, dropped)) = without_unreached_methods(&texts, qualified_name) else {
        return Err(hazard);
    };
    let own = own_name.as_deref().map(|name| {
        let own_package = modules.get(name).and_then(|(_, package)| package);
        (name, pruned[0].as_str(), own_package)
    });
    let pruned_modules = Modules::new(
        own.into_iter().chain(
            (others.iter().zip(&pruned[1..]))
                .map(|((name, _, package), text)| (*name, text.as_str(), *package)),
        ),
    );
    let program = slice_source(
        own_name.clone(),
        &benchgen_python::remove_main_block(&pruned[0]),
        qualified_name,
        package,
        facts,
        &pruned_modules,
        documented,
    );
    match program {
        // Code outside the classes (another kept function) might call a dropped method.
        Ok(program) => {
            let used = benchgen_python::rename::identifiers(&program);
            match dropped.iter().any(|name| used.contains(name)) {
                true => Err(hazard),
                false => Ok(program),
            }
        }
        Err(_) => Err(hazard),
    }
}

/// `texts` (the target's module, then the other modules of its package) without the methods
/// of their top-level classes that hold a hazard themselves (`dt_datetime.now()`) and that
/// nothing reaches, nor the unreached methods that call those; and the names left out. Reach
/// is by name, over all the modules at once: the target's own code, every class's own
/// statements and its dunder methods are reached, and so is a method, in any class, that
/// reached code names (an identifier or attribute, not a word in a docstring). Another class
/// than the target's (a subclass, a class the target builds) is kept whole too, and pyluach's
/// date classes each have a `today()` reading the clock. `None` when there is nothing to leave
/// out.
fn without_unreached_methods(
    texts: &[&str],
    qualified_name: &str,
) -> Option<(Vec<String>, Vec<String>)> {
    struct Method {
        text: usize,
        name: String,
        span: std::ops::Range<usize>,
        code: String,
        names: BTreeSet<String>,
    }
    let names_in = |code: &str| benchgen_python::rename::identifiers(code);
    let mut named: BTreeSet<String> = BTreeSet::new();
    let mut methods: Vec<Method> = Vec::new();
    for (t, source) in texts.iter().enumerate() {
        let functions = benchgen_python::functions(source);
        if t == 0 {
            for function in functions
                .iter()
                .filter(|f| f.qualified_name == qualified_name)
            {
                named.extend(names_in(&benchgen_python::standalone_definition(
                    source,
                    &function.target,
                )));
            }
        }
        let classes = benchgen_python::top_level_statements(source)
            .into_iter()
            .filter(|s| s.kind == StatementKind::Definition);
        for class in classes {
            let span = &class.span;
            let own: Vec<&FunctionInfo> = functions
                .iter()
                .filter(|f| f.class_path.len() == 1)
                .filter(|f| span.start_byte <= f.target.span.start_byte)
                .filter(|f| f.target.span.end_byte <= span.end_byte)
                .collect();
            // The class's own statements (attributes, `x = property(get_x)`): its text less
            // methods.
            let mut class_text = source[span.start_byte..span.end_byte].to_string();
            for method in own.iter().rev() {
                let at = &method.target.span;
                class_text.replace_range(
                    at.start_byte - span.start_byte..at.end_byte - span.start_byte,
                    "",
                );
            }
            if !own.is_empty() {
                named.extend(names_in(&class_text));
            }
            for method in own {
                let code = benchgen_python::standalone_definition(source, &method.target);
                methods.push(Method {
                    text: t,
                    name: method.name.clone(),
                    span: method.target.span.start_byte..method.target.span.end_byte,
                    names: names_in(&code),
                    code,
                });
            }
        }
    }
    let dunder = |name: &str| name.starts_with("__") && name.ends_with("__");
    let mut reached: HashSet<&str> = HashSet::new();
    loop {
        let frontier: Vec<&Method> = methods
            .iter()
            .filter(|m| !reached.contains(m.name.as_str()))
            .filter(|m| dunder(&m.name) || named.contains(&m.name))
            .collect();
        if frontier.is_empty() {
            break;
        }
        for method in frontier {
            reached.insert(&method.name);
            named.extend(method.names.iter().cloned());
        }
    }
    // What a method reads, spelled as its module's imports spell it (`datetime.datetime.now`).
    let aliases: Vec<HashMap<String, String>> = texts
        .iter()
        .map(|source| {
            benchgen_python::top_level_statements(source)
                .into_iter()
                .flat_map(|s| s.imports)
                .collect()
        })
        .collect();
    let holds_hazard = |m: &Method| {
        let aliases: HashMap<&str, &str> = aliases[m.text]
            .iter()
            .map(|(name, qualified)| (name.as_str(), qualified.as_str()))
            .collect();
        let reads: Vec<String> = benchgen_python::top_level_statements(&m.code)
            .iter()
            .flat_map(|s| s.reads.iter().chain(&s.resolved))
            .map(|chain| through_alias(chain, &aliases).unwrap_or_else(|| chain.clone()))
            .collect();
        hazards::find(reads.iter().map(String::as_str)).is_some()
    };
    let unreached: Vec<&Method> = methods
        .iter()
        .filter(|m| !reached.contains(m.name.as_str()))
        .collect();
    let mut dropped: HashSet<&str> = unreached
        .iter()
        .filter(|m| holds_hazard(m))
        .map(|m| m.name.as_str())
        .collect();
    loop {
        let callers: Vec<&str> = unreached
            .iter()
            .filter(|m| !dropped.contains(m.name.as_str()))
            .filter(|m| m.names.iter().any(|n| dropped.contains(n.as_str())))
            .map(|m| m.name.as_str())
            .collect();
        if callers.is_empty() {
            break;
        }
        dropped.extend(callers);
    }
    if dropped.is_empty() {
        return None;
    }
    // Reach is by name, so every method of a dropped name goes, with the blank lines above
    // it. A class left without a body (all its methods dropped) would not parse: its module
    // stays whole.
    let pruned = texts
        .iter()
        .enumerate()
        .map(|(t, source)| {
            // From the end of the code above it (a method's span ends before its newline).
            let code_end = |byte: usize| source[..byte].trim_end().len();
            let mut pruned = source.to_string();
            let gone = methods
                .iter()
                .rev()
                .filter(|m| m.text == t && dropped.contains(m.name.as_str()));
            for method in gone {
                pruned.replace_range(code_end(method.span.start)..method.span.end, "");
            }
            match benchgen_python::parse_errors(&pruned) {
                Some(_) if benchgen_python::parse_errors(source).is_none() => source.to_string(),
                _ => pruned,
            }
        })
        .collect();
    let mut names: Vec<String> = dropped.into_iter().map(str::to_string).collect();
    names.sort();
    Some((pruned, names))
}

/// [`slice_in`] on `source` (its `__main__` block removed), the text of the module `own_name`.
fn slice_source(
    own_name: Option<String>,
    source: &str,
    qualified_name: &str,
    package: Option<&str>,
    facts: &PythonFacts,
    modules: &Modules,
    documented: bool,
) -> Result<String, SkipReason> {
    let source = source.to_string();
    let target = benchgen_python::find_target(&source, qualified_name)
        .map_err(|_| SkipReason::NotTopLevel)?;
    let statements = runtime_statements(&source);
    let target_index = statements
        .iter()
        .position(|s| {
            s.span.start_byte <= target.span.start_byte && target.span.end_byte <= s.span.end_byte
        })
        .filter(|&i| statements[i].kind == StatementKind::Definition)
        .ok_or(SkipReason::NotTopLevel)?;
    let top_name = qualified_name.split('.').next().unwrap_or(qualified_name);
    if statements[target_index + 1..]
        .iter()
        .any(|s| s.binds.iter().any(|b| b == top_name))
    {
        return Err(SkipReason::Redefined);
    }
    let target_piece = Module {
        name: own_name,
        source,
        statements,
        package: package.map(str::to_string),
    };
    // A method of a class that builds no instance of its own is tested on a subclass that
    // does: the program keeps the first one; and on what the module's factories of the class
    // build (`Right(3)`), where it defines no constructor whose parameters the probe could fill.
    let mut roots = vec![target_index];
    if qualified_name.contains('.') {
        roots.extend(concrete_subclass(&target_piece, target_index, top_name));
        roots.extend(factory_functions(&target_piece, target_index, top_name));
    }
    // The classes the target's docstring says its parameters take (`date : BaseDate`), which
    // its body only reads attributes of: the probe builds their instances (a concrete subclass
    // of an abstract one) to pass.
    let words = match documented {
        true => documented_type_words(&target_piece, qualified_name),
        false => Vec::new(),
    };
    for index in documented_classes(&target_piece, &words) {
        if !roots.contains(&index) {
            roots.push(index);
        }
    }
    // Earlier bindings of the target's own name (overload stubs, a first draft) are dead.
    let kept = reach(&target_piece, &roots, Some((top_name, target_index)), facts)?;
    let mut cut = cut_module(&target_piece, kept, &BTreeSet::new(), facts, modules)?;
    // Those another module of the package defines, which the target's does not bind: wanted
    // as its function bodies' imports are (they order no module).
    cut.local_needs.extend(documented_elsewhere(
        &target_piece,
        &words,
        package,
        modules,
    ));
    if cut.wants().next().is_none() {
        return assemble(&target_piece, &cut);
    }
    let (mut pieces, wanted) = package_pieces(cut.wants(), facts, modules)?;
    let order = import_order(&pieces);
    unify_meanings(&target_piece, &mut cut, &mut pieces, &order, &wanted, facts)?;
    let merged = merged_namespaces(&mut pieces, &mut cut);
    let mut deferred = place_late_imports(&mut pieces, &mut cut, &order);
    deferred.extend(merged);
    // The target's module is a piece too where another module wants some of it: what that piece
    // keeps comes once, where the piece stands (a second copy of the target would show its body
    // in the prompt). Imports of the package stay, each standing for what its cut reads.
    let own_piece = pieces
        .iter()
        .find(|(piece, _)| piece.name.is_some() && piece.name == target_piece.name);
    if let Some((_, own)) = own_piece {
        cut.kept.retain(|i| {
            cut.replaced.contains_key(i) || own.replaced.contains_key(i) || !own.kept.contains(i)
        });
    }
    let all = order
        .iter()
        .map(|&i| (&pieces[i].0, &pieces[i].1))
        .chain(std::iter::once((&target_piece, &cut)));
    join_program(all, deferred)
}

/// The names wanted of each module of the package, in the order the slice first needed them.
#[derive(Debug, Default)]
struct Wanted(Vec<(String, BTreeSet<String>)>);

impl Wanted {
    /// Adds `(module, name)` needs; whether any was new.
    fn add<'n>(&mut self, needs: impl IntoIterator<Item = &'n (String, String)>) -> bool {
        let mut changed = false;
        for (module, name) in needs {
            match self.0.iter_mut().find(|(m, _)| m == module) {
                Some((_, names)) => changed |= names.insert(name.clone()),
                None => {
                    self.0
                        .push((module.clone(), BTreeSet::from([name.clone()])));
                    changed = true;
                }
            }
        }
        changed
    }

    fn of(&self, module: &Module) -> Option<&BTreeSet<String>> {
        self.0
            .iter()
            .find(|(m, _)| module.name.as_deref() == Some(m))
            .map(|(_, names)| names)
    }
}

/// The modules of the package a target's cut `needs`, each cut to the names wanted of it and
/// what they reach, until no cut needs a name not yet wanted.
fn package_pieces<'n>(
    needs: impl IntoIterator<Item = &'n (String, String)>,
    facts: &PythonFacts,
    modules: &Modules,
) -> Result<(Vec<(Module, Cut)>, Wanted), SkipReason> {
    let mut wanted = Wanted::default();
    wanted.add(needs);
    loop {
        if wanted.0.len() >= MAX_MODULES {
            return Err(SkipReason::PackageModule(format!(
                "more than {MAX_MODULES} modules"
            )));
        }
        let mut pieces = Vec::new();
        let mut changed = false;
        for (module, names) in wanted.0.clone() {
            let (piece, cut) = module_piece(&module, &names, facts, modules)?;
            changed |= wanted.add(cut.wants());
            pieces.push((piece, cut));
        }
        if !changed {
            return Ok((pieces, wanted));
        }
    }
}

/// `module` cut to `names` and what they reach.
fn module_piece(
    module: &str,
    names: &BTreeSet<String>,
    facts: &PythonFacts,
    modules: &Modules,
) -> Result<(Module, Cut), SkipReason> {
    let (text, module_package) = modules
        .get(module)
        .ok_or_else(|| SkipReason::PackageModule(module.to_string()))?;
    let source = benchgen_python::remove_main_block(text);
    let piece = Module {
        name: Some(module.to_string()),
        statements: runtime_statements(&source),
        source,
        package: module_package.map(str::to_string),
    };
    let mut seeds = Vec::new();
    let mut passed_on = Vec::new();
    for name in names {
        let binders: Vec<usize> = (piece.statements.iter().enumerate())
            .filter(|(_, s)| s.binds.iter().any(|b| b == name))
            .map(|(i, _)| i)
            .collect();
        if !binders.is_empty() {
            seeds.extend(binders);
            continue;
        }
        // A package `__init__` re-exporting a module's names (`from .tz import *`).
        let source = star_source(&piece, name, facts, modules)
            .ok_or_else(|| SkipReason::UnresolvedName(format!("{module}.{name}")))?;
        passed_on.push((source, name.clone()));
    }
    let kept = reach(&piece, &seeds, None, facts)?;
    let mut cut = cut_module(&piece, kept, names, facts, modules)?;
    cut.needs.extend(passed_on);
    Ok((piece, cut))
}

/// Indices of `pieces`, each module after the modules it imports from at module level (an
/// import in a function body runs when the function does); the back edge of an import cycle is
/// left out.
fn import_order(pieces: &[(Module, Cut)]) -> Vec<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    fn visit(i: usize, pieces: &[(Module, Cut)], marks: &mut [Mark], order: &mut Vec<usize>) {
        if marks[i] != Mark::New {
            return;
        }
        marks[i] = Mark::OnPath;
        for (module, _) in &pieces[i].1.needs {
            let imported = pieces
                .iter()
                .position(|(m, _)| m.name.as_deref() == Some(module));
            if let Some(j) = imported {
                visit(j, pieces, marks, order);
            }
        }
        marks[i] = Mark::Done;
        order.push(i);
    }
    let mut order = Vec::new();
    let mut marks = vec![Mark::New; pieces.len()];
    for i in 0..pieces.len() {
        visit(i, pieces, &mut marks, &mut order);
    }
    order
}

/// One meaning per name across the modules, the target's first: another module whose binding
/// of a name means something else (`import datetime` there, `from datetime import datetime`
/// here) has its binding renamed (`_cardinality_TypeBuilder`, or with the module's whole path
/// where two modules share a last name), and so do the modules that import it from there
/// ([`redirect_askers`]).
fn unify_meanings(
    target_piece: &Module,
    cut: &mut Cut,
    pieces: &mut [(Module, Cut)],
    order: &[usize],
    wanted: &Wanted,
    facts: &PythonFacts,
) -> Result<(), SkipReason> {
    let mut meanings: HashMap<String, String> = HashMap::new();
    let bound: HashSet<String> = std::iter::once(target_piece)
        .chain(pieces.iter().map(|(module, _)| module))
        .flat_map(|module| module.statements.iter())
        .flat_map(|statement| statement.binds.iter().cloned())
        .collect();
    for (name, meaning) in cut.meanings(target_piece) {
        meanings.entry(name).or_insert(meaning);
    }
    for &i in order {
        let mut asked_renames = Vec::new();
        let (module, piece_cut) = &mut pieces[i];
        let asked = wanted.of(module);
        for (name, meaning) in piece_cut.meanings(module) {
            if piece_cut.renames.iter().any(|(from, _)| *from == name) {
                continue;
            }
            match meanings.get(&name) {
                Some(existing) if *existing != meaning => {
                    let path = module.name.as_deref().unwrap_or("");
                    let short = path.rsplit('.').next().unwrap_or("");
                    let renamed = [short.to_string(), path.replace('.', "_")]
                        .iter()
                        .map(|prefix| format!("_{}_{name}", prefix.trim_matches('_')))
                        .find(|renamed| !bound.contains(renamed) && !meanings.contains_key(renamed))
                        .ok_or_else(|| SkipReason::NameClash(name.clone()))?;
                    if asked.is_some_and(|names| names.contains(&name)) {
                        asked_renames.push((name.clone(), renamed.clone()));
                    }
                    meanings.insert(renamed.clone(), meaning);
                    piece_cut.renames.push((name, renamed));
                }
                Some(_) => {}
                None => {
                    meanings.insert(name, meaning);
                }
            }
        }
        let module = pieces[i].0.name.clone().unwrap_or_default();
        for (from, to) in asked_renames {
            redirect_askers(
                pieces,
                (target_piece, &mut *cut),
                &module,
                &from,
                &to,
                facts,
            )?;
        }
    }
    Ok(())
}

/// After `module`'s binding of `from` was renamed `to` (see [`unify_meanings`]), makes the
/// modules that import it read `to`: `from module import from as alias` becomes `alias = to`,
/// a namespace class of `module` holds `from = staticmethod(to)`, and a module that imports it
/// under its own name (or through `*`) renames it too, and so on for the modules that import it
/// from there. A `NameClash` where an import is read only in a function body, or where the
/// target's own module would have to rename it.
fn redirect_askers(
    pieces: &mut [(Module, Cut)],
    target: (&Module, &mut Cut),
    module: &str,
    from: &str,
    to: &str,
    facts: &PythonFacts,
) -> Result<(), SkipReason> {
    let (target_piece, target_cut) = target;
    let clash = || SkipReason::NameClash(from.to_string());
    let mut pending = vec![module.to_string()];
    let mut done = HashSet::new();
    while let Some(module) = pending.pop() {
        if !done.insert(module.clone()) {
            continue;
        }
        let need = (module.clone(), from.to_string());
        let askers = pieces
            .iter_mut()
            .map(|(piece, cut)| (&*piece, cut, false))
            .chain(std::iter::once((target_piece, &mut *target_cut, true)));
        for (piece, cut, is_target) in askers {
            if cut.local_needs.contains(&need) {
                return Err(clash());
            }
            if !cut.needs.contains(&need) {
                continue;
            }
            let (renames_it, redirected) = redirect_in(piece, cut, &module, from, to, facts);
            if !(renames_it || redirected) || (renames_it && is_target) {
                return Err(clash());
            }
            if renames_it && !cut.renames.iter().any(|(f, _)| f == from) {
                cut.renames.push((from.to_string(), to.to_string()));
                pending.extend(piece.name.clone());
            }
        }
    }
    Ok(())
}

/// [`redirect_askers`] in one module `piece` whose cut needs `module`'s `from`: the aliases
/// and namespace classes that stand for it made to read `to`. Returns whether the piece reads
/// it under its own name (so must rename it too), and whether anything was redirected.
fn redirect_in(
    piece: &Module,
    cut: &mut Cut,
    module: &str,
    from: &str,
    to: &str,
    facts: &PythonFacts,
) -> (bool, bool) {
    let (mut renames_it, mut redirected) = (false, false);
    for &i in &cut.kept {
        let statement = &piece.statements[i];
        let [imported] = statement.modules.as_slice() else {
            continue;
        };
        if statement.kind != StatementKind::Import
            || own_module(imported, piece.package.as_deref(), facts).as_deref() != Some(module)
        {
            continue;
        }
        for (alias, qualified) in &statement.imports {
            let original = qualified.rsplit('.').next().unwrap_or(qualified);
            if alias == "*" || (alias == from && original == from) {
                renames_it = true;
            } else if original == from {
                if let Some(text) = cut.replaced.get_mut(&i) {
                    let line = format!("{alias} = {from}\n");
                    if text.lines().any(|l| l == line.trim_end()) {
                        *text = text.replacen(&line, &format!("{alias} = {to}\n"), 1);
                        redirected = true;
                    }
                }
            }
        }
    }
    let through_namespace = cut.namespaces.iter().any(|(_, read_of)| {
        read_of
            .get(module)
            .is_some_and(|attributes| attributes.contains(from))
    });
    if through_namespace {
        let texts = cut
            .replaced
            .values_mut()
            .chain(cut.late.iter_mut().map(|(_, _, text)| text));
        for text in texts {
            redirected |= redirect_namespace(text, module, from, to);
        }
    }
    (renames_it, redirected)
}

/// In a namespace class's text, the attribute `from` of `module`'s body (see [`module_body`])
/// made to stand for `to`; whether the text held it.
fn redirect_namespace(text: &mut String, module: &str, from: &str, to: &str) -> bool {
    let marker = format!("\"\"\"The module `{module}`, as far as this program uses it.\"\"\"\n\n");
    let Some(at) = text.find(&marker) else {
        return false;
    };
    let body = at + marker.len();
    let mut offset = body;
    for line in text[body..].split_inclusive('\n') {
        let attribute = line.trim_start();
        if !attribute.contains(" = staticmethod(") {
            break;
        }
        if attribute == format!("{from} = staticmethod({from})\n") {
            let indent = &line[..line.len() - attribute.len()];
            let redirected = format!("{indent}{from} = staticmethod({to})\n");
            text.replace_range(offset..offset + line.len(), &redirected);
            return true;
        }
        offset += line.len();
    }
    false
}

/// Puts each late-read namespace where its import was when its module comes first in `order`;
/// returns the others (an import cycle), which go at the program's end.
fn place_late_imports(pieces: &mut [(Module, Cut)], cut: &mut Cut, order: &[usize]) -> Vec<String> {
    let place = |name: &str| {
        order
            .iter()
            .position(|&i| pieces[i].0.name.as_deref() == Some(name))
    };
    let mut deferred = Vec::new();
    let mut in_place = Vec::new();
    for (i, (_, piece_cut)) in pieces.iter().enumerate() {
        let here = order.iter().position(|&j| j == i);
        for (statement, module, text) in &piece_cut.late {
            match place(module) < here {
                true => in_place.push((Some(i), *statement, text.clone())),
                false => deferred.push(text.clone()),
            }
        }
    }
    for (statement, _, text) in &cut.late {
        in_place.push((None, *statement, text.clone()));
    }
    for (piece, statement, text) in in_place {
        let owner = match piece {
            Some(i) => &mut pieces[i].1,
            None => &mut *cut,
        };
        owner.replaced.entry(statement).or_default().push_str(&text);
    }
    deferred
}

/// One class for each name that the namespaces of several modules bind, reading different
/// things through it (fnc's `mappings` reads `fnc.iteratee`, its `utilities` `fnc.get`, both
/// after `import fnc`): functions look the name up when called and would all find the class
/// defined last, which holds only what its own module reads. The class holding what all of them
/// read goes at the program's end; the late ones it stands in for are left out, and those read
/// at import time stay where they are. Classes for different modules under one name are left
/// as they are.
fn merged_namespaces(pieces: &mut [(Module, Cut)], cut: &mut Cut) -> Vec<String> {
    let mut read_by_name: BTreeMap<String, Vec<ReadOf>> = BTreeMap::new();
    for module_cut in pieces.iter().map(|(_, c)| c).chain(std::iter::once(&*cut)) {
        for (name, read_of) in &module_cut.namespaces {
            let reads = read_by_name.entry(name.clone()).or_default();
            if !reads.contains(read_of) {
                reads.push(read_of.clone());
            }
        }
    }
    let mut classes = Vec::new();
    for (name, reads) in read_by_name.into_iter().filter(|(_, r)| r.len() > 1) {
        let mut merged = ReadOf::new();
        for (module, attributes) in reads.into_iter().flatten() {
            merged.entry(module).or_default().extend(attributes);
        }
        let class = match merged.iter().collect::<Vec<_>>().as_slice() {
            _ if merged.keys().all(|module| root(module) == name) => {
                package_namespace(&name, &name, &merged)
            }
            [(module, attributes)] => namespace(&name, module, attributes),
            _ => continue,
        };
        let header = format!("class {name}:\n");
        for module_cut in pieces
            .iter_mut()
            .map(|(_, c)| c)
            .chain(std::iter::once(&mut *cut))
        {
            module_cut
                .late
                .retain(|(_, _, text)| !text.starts_with(&header));
        }
        classes.push(class);
    }
    classes
}

/// The program: the modules' kept statements in order, then `deferred`, with `from __future__`
/// imports first and a definition imported by two modules kept once.
fn join_program<'m>(
    modules: impl Iterator<Item = (&'m Module, &'m Cut)>,
    deferred: Vec<String>,
) -> Result<String, SkipReason> {
    let mut futures: Vec<String> = Vec::new();
    let mut bodies = Vec::new();
    for (module, cut) in modules {
        for &i in &cut.kept {
            let statement = &module.statements[i];
            if statement.kind == StatementKind::FutureImport {
                let text = module.source[statement.span.start_byte..statement.span.end_byte]
                    .trim_end()
                    .to_string();
                if !futures.contains(&text) {
                    futures.push(text);
                }
            }
        }
        bodies.push(assemble(module, cut)?);
    }
    bodies.extend(deferred);
    let mut program = String::new();
    for future in &futures {
        program.push_str(future);
        program.push('\n');
    }
    let mut seen: HashSet<String> = HashSet::new();
    for body in bodies {
        let body: String = body
            .split_inclusive('\n')
            .filter(|line| !futures.iter().any(|f| line.trim_end() == f))
            .collect();
        let body = body.trim_matches('\n');
        if body.is_empty() || !seen.insert(body.to_string()) {
            continue;
        }
        if !program.is_empty() {
            program.push_str("\n\n");
        }
        program.push_str(body);
        program.push('\n');
    }
    Ok(program)
}

/// What a program reads of package modules through one name, by module: the attributes.
type ReadOf = BTreeMap<String, BTreeSet<String>>;

/// One module's text and statements, as a slice reads them.
struct Module {
    /// Its dotted name; `None` for a target's lone file. The same definition in the target's
    /// module and in that module's part wanted by another module then means one thing.
    name: Option<String>,
    source: String,
    statements: Vec<TopLevelStatement>,
    package: Option<String>,
}

/// What a slice keeps of one module.
struct Cut {
    kept: BTreeSet<usize>,
    rewrites: Vec<Rewrite>,
    /// Kept import statements of the package's modules, replaced by the aliases they bind
    /// (`z = y` for `from .x import y as z`; empty for `from .x import y`).
    replaced: HashMap<usize, String>,
    /// `(module, name)` the kept statements need from other modules of the package.
    needs: Vec<(String, String)>,
    /// Imports of the package's own modules in the function bodies of kept statements, by
    /// statement, each with the text that stands for it there (see [`fill_local_imports`]).
    local_imports: HashMap<usize, Vec<(LocalImport, String)>>,
    /// `(module, name)` those imports need: filled like `needs`, but read only when a function
    /// runs, so they do not order the modules.
    local_needs: Vec<(String, String)>,
    /// Namespace classes of package modules read only inside function bodies (see
    /// [`read_late`]), `(import statement, module, class text)`: in place where that module
    /// comes first, else (an import cycle) at the program's end.
    late: Vec<(usize, String, String)>,
    /// The namespace classes of package modules among the kept statements (in place or late),
    /// `(name, what is read of each module through it)`.
    namespaces: Vec<(String, ReadOf)>,
    /// Module-level names renamed in the kept statements, `(from, to)`: their meaning here
    /// clashes with the same name's in the target's module or one before.
    renames: Vec<(String, String)>,
    /// Kept statements binding a frozen table, each with the assignment of its literal that
    /// stands for it (see [`PythonFacts::frozen_table`]).
    frozen: BTreeMap<usize, String>,
}

impl Cut {
    /// Everything the kept statements need from other modules of the package.
    fn wants(&self) -> impl Iterator<Item = &(String, String)> {
        self.needs.iter().chain(&self.local_needs)
    }

    /// What each name the kept statements bind stands for: the same import in two modules
    /// stands for the same thing; any other binding for itself.
    fn meanings(&self, module: &Module) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let here = module.name.as_deref().unwrap_or("");
        for &i in &self.kept {
            let statement = &module.statements[i];
            match (statement.kind, self.replaced.get(&i)) {
                (StatementKind::FutureImport, _) => {}
                (_, Some(_)) => {
                    for (name, qualified) in &statement.imports {
                        let imported = qualified.rsplit('.').next().unwrap_or(qualified);
                        if name != imported {
                            out.push((name.clone(), format!("alias {qualified}")));
                        }
                    }
                }
                (StatementKind::Import, None) => {
                    for (name, qualified) in &statement.imports {
                        out.push((name.clone(), format!("import {qualified}")));
                    }
                }
                _ => {
                    let text = &module.source[statement.span.start_byte..statement.span.end_byte];
                    // `S = TypeVar('S')` in two modules: two objects that mean the same to
                    // every annotation and `Generic[S]`, where any other binding is its own.
                    let owner = if declares_type_variable(text) {
                        ""
                    } else {
                        here
                    };
                    for name in &statement.binds {
                        out.push((name.clone(), format!("{owner}:{text}")));
                    }
                }
            }
        }
        out
    }
}

/// The dotted names the decorators of the definition `text` call or are (`convert.register`
/// for `@convert.register(list)`).
fn decorators(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_start)
        .take_while(|line| !line.starts_with("def ") && !line.starts_with("class "))
        .filter_map(|line| line.strip_prefix('@'))
        .map(|decorator| decorator.split('(').next().unwrap_or(decorator).trim())
}

/// Whether the statement `text` binds a type variable (`T = TypeVar('T', bound=int)`,
/// `P = typing.ParamSpec('P')`, `UserId = NewType('UserId', int)`).
fn declares_type_variable(text: &str) -> bool {
    let Some((_, value)) = text.split_once('=') else {
        return false;
    };
    let value = value.trim_start();
    let value = (value
        .strip_prefix("typing.")
        .or_else(|| value.strip_prefix("typing_extensions.")))
    .unwrap_or(value);
    ["TypeVar(", "ParamSpec(", "TypeVarTuple(", "NewType("]
        .iter()
        .any(|declaration| value.starts_with(declaration))
}

/// The statements of `module` that `seeds` reach, transitively (future imports always).
/// `target`: the target's name and statement, whose earlier bindings are dead.
fn reach(
    module: &Module,
    seeds: &[usize],
    target: Option<(&str, usize)>,
    facts: &PythonFacts,
) -> Result<BTreeSet<usize>, SkipReason> {
    let source = &module.source;
    let statements = &module.statements;
    let mut binders: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, statement) in statements.iter().enumerate() {
        for name in &statement.binds {
            if !target.is_some_and(|(top, index)| name == top && i < index) {
                binders.entry(name.as_str()).or_default().push(i);
            }
        }
    }

    let mut kept: BTreeSet<usize> = statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == StatementKind::FutureImport)
        .map(|(i, _)| i)
        .collect();
    kept.extend(seeds.iter().copied());
    let resolves = |name: &str| binders.contains_key(name) || facts.is_builtin(name);
    let mut readers: HashMap<&str, HashSet<usize>> = HashMap::new();
    for (i, statement) in statements.iter().enumerate() {
        for chain in &statement.reads {
            readers.entry(root(chain)).or_default().insert(i);
        }
    }
    // What a name stands for at statement `i`: its closest binding before `i`.
    let closest_binder = |name: &str, i: usize| {
        (0..i)
            .rev()
            .find(|&j| statements[j].binds.iter().any(|b| b == name))
    };
    // A statement that binds nothing (or only the variables of its own loop) but touches a
    // kept object completes it, like `TABLE[key] = handler` filling a kept table; it
    // comes along with what it reads, as long as all of that resolves. A loop variable that
    // another loop binds again before reading it (`for c in ...:` filling two tables), or
    // that a `del` drops, is still only a loop variable.
    let starts = |j: usize, keyword: &str| {
        let s = &statements[j];
        source[s.span.start_byte..s.span.end_byte]
            .trim_start()
            .starts_with(keyword)
    };
    let is_loop = |j: usize| starts(j, "for ");
    let completes = |i: usize, kept: &BTreeSet<usize>| {
        let s = &statements[i];
        let text = &source[s.span.start_byte..s.span.end_byte];
        let only_loop_variables = is_loop(i)
            && s.binds.iter().all(|b| {
                !readers.get(b.as_str()).is_some_and(|r| {
                    r.iter().any(|&j| {
                        j != i
                            && !starts(j, "del ")
                            && !(is_loop(j) && statements[j].binds.contains(b))
                    })
                })
            });
        // A kept variable, not a module: calls like `codecs.register(f)` touch the
        // interpreter, not the program.
        let kept_variable = |chain: &str| {
            closest_binder(root(chain), i)
                .is_some_and(|j| kept.contains(&j) && statements[j].kind != StatementKind::Import)
        };
        // `@convert.register(list)` on a `def`: an implementation a kept `singledispatch`
        // function (or any kept registry) dispatches to.
        let registers = s.kind == StatementKind::Definition
            && decorators(text).any(|chain| chain.contains('.') && kept_variable(chain));
        // A frozen table is whole where it is bound: what fills it would fill it twice.
        let fills = s.kind == StatementKind::Other
            && !text.trim_start().starts_with("del ")
            && (s.binds.is_empty() || only_loop_variables)
            && s.reads.iter().any(|chain| kept_variable(chain))
            && !s
                .reads
                .iter()
                .any(|chain| frozen_binder(module, facts, root(chain)).is_some());
        (registers || fills) && s.reads.iter().all(|chain| resolves(root(chain)))
    };

    let mut queue: Vec<usize> = kept.iter().copied().collect();
    let mut unresolved: Vec<&str> = Vec::new();
    loop {
        while let Some(i) = queue.pop() {
            for chain in &statements[i].reads {
                let name = root(chain);
                // A statement that runs at import reads what the name is bound to at that
                // point; a definition's body runs later and may see any binding.
                let closest = match statements[i].kind {
                    StatementKind::Definition => None,
                    _ => closest_binder(name, i)
                        .filter(|&j| binders.get(name).is_some_and(|b| b.contains(&j))),
                };
                match binders.get(name) {
                    Some(indices) => {
                        let targets = match &closest {
                            Some(j) => std::slice::from_ref(j),
                            None => indices.as_slice(),
                        };
                        for &j in targets {
                            if kept.insert(j) {
                                queue.push(j);
                            }
                        }
                    }
                    None if facts.is_builtin(name) || PYTHON2_BUILTINS.contains(&name) => {}
                    None => {
                        if !unresolved.contains(&name) {
                            unresolved.push(name);
                        }
                    }
                }
            }
        }
        queue = (0..statements.len())
            .filter(|&i| !kept.contains(&i) && completes(i, &kept))
            .collect();
        if queue.is_empty() {
            break;
        }
        kept.extend(queue.iter().copied());
    }
    if let Some(first) = unresolved.first() {
        // A star import may provide it; if it does not, the program fails to run and says so.
        let stars: Vec<usize> = binders.get("*").cloned().unwrap_or_default();
        if stars.is_empty() {
            return Err(SkipReason::UnresolvedName(first.to_string()));
        }
        kept.extend(stars);
    }
    Ok(kept)
}

/// Checks what `kept` reaches in `module` (see [`check_reach`]) and finds the imports of the
/// package's own modules among them, which the slice fills from those modules. `asked`: the
/// names other modules want of this one (it may only pass them on).
fn cut_module(
    module: &Module,
    kept: BTreeSet<usize>,
    asked: &BTreeSet<String>,
    facts: &PythonFacts,
    modules: &Modules,
) -> Result<Cut, SkipReason> {
    let package = module.package.as_deref();
    let mut replaced = HashMap::new();
    let mut needs = Vec::new();
    let mut late = Vec::new();
    let mut namespaces = Vec::new();
    // Names the kept statements read, by root, and those asked for.
    let read: HashSet<&str> = kept
        .iter()
        .flat_map(|&i| module.statements[i].reads.iter().map(|chain| root(chain)))
        .chain(asked.iter().map(String::as_str))
        .collect();
    for &i in &kept {
        let statement = &module.statements[i];
        if statement.kind != StatementKind::Import {
            continue;
        }
        let [imported] = statement.modules.as_slice() else {
            continue;
        };
        let Some(absolute) = own_module(imported, package, facts) else {
            continue;
        };
        let text = &module.source[statement.span.start_byte..statement.span.end_byte];
        if !text.trim_start().starts_with("from") {
            // `import pkg.x`, read as `pkg.x.name` (or `import pkg.x as y`, read as `y.name`):
            // a namespace of what the program reads of the module, as for `from pkg import x`.
            let [(name, qualified)] = statement.imports.as_slice() else {
                return Err(SkipReason::PackageModule(absolute));
            };
            let read_of: BTreeMap<String, BTreeSet<String>> = match qualified == imported {
                true => {
                    let attributes = attributes_read(module, &kept, name)
                        .ok_or_else(|| SkipReason::PackageModule(absolute.clone()))?;
                    BTreeMap::from([(absolute.clone(), attributes)])
                }
                // `import pkg.x` and `import pkg.y` both bind `pkg`: the first of them stands
                // for all.
                false => match package_imports(module, &kept, name, package, facts) {
                    (first, _) if first != i => {
                        replaced.insert(i, String::new());
                        continue;
                    }
                    (_, paths) => modules_read(module, &kept, name, &paths)
                        .ok_or_else(|| SkipReason::PackageModule(absolute.clone()))?,
                },
            };
            if let Some(missing) = read_of.keys().find(|m| modules.get(m).is_none()) {
                return Err(SkipReason::PackageModule(missing.clone()));
            }
            let text = match qualified == imported {
                true => namespace(name, &absolute, &read_of[&absolute]),
                false => package_namespace(name, name, &read_of),
            };
            namespaces.push((name.clone(), read_of.clone()));
            match read_late(module, &kept, name) {
                true => {
                    late.push((i, absolute.clone(), text));
                    replaced.insert(i, String::new());
                }
                false => {
                    replaced.insert(i, text);
                }
            }
            for (module_name, attributes) in read_of {
                needs.extend(attributes.into_iter().map(|a| (module_name.clone(), a)));
            }
            continue;
        }
        if statement.binds.iter().any(|b| b == "*") {
            // `from ._regex import *`: what the kept statements read and nothing in this module
            // binds comes from that module, which the slice fills (string_utils' validators
            // read all their patterns so; the import alone left them undefined at run time).
            let bound: HashSet<&str> = (module.statements.iter())
                .flat_map(|s| s.binds.iter().map(String::as_str))
                .collect();
            let source = modules
                .get(&absolute)
                .ok_or_else(|| SkipReason::PackageModule(absolute.clone()))?;
            let provided: HashSet<String> = benchgen_python::top_level_statements(source.0)
                .into_iter()
                .flat_map(|s| s.binds)
                .filter(|name| !name.starts_with('_'))
                .collect();
            let mut wanted: Vec<&str> = read
                .iter()
                .copied()
                .filter(|name| !bound.contains(name) && provided.contains(*name))
                .collect();
            wanted.sort_unstable();
            needs.extend(
                wanted
                    .into_iter()
                    .map(|n| (absolute.clone(), n.to_string())),
            );
            replaced.insert(i, String::new());
            continue;
        }
        let mut aliases = String::new();
        for (name, qualified) in &statement.imports {
            if !read.contains(name.as_str()) {
                continue;
            }
            let original = qualified.rsplit('.').next().unwrap_or(qualified);
            let submodule = format!("{absolute}.{original}");
            if modules.get(&submodule).is_some() {
                let attributes = attributes_read(module, &kept, name)
                    .ok_or_else(|| SkipReason::PackageModule(submodule.clone()))?;
                let text = namespace(name, &submodule, &attributes);
                let read_of = BTreeMap::from([(submodule.clone(), attributes.clone())]);
                namespaces.push((name.clone(), read_of));
                match read_late(module, &kept, name) {
                    true => late.push((i, submodule.clone(), text)),
                    false => aliases.push_str(&text),
                }
                needs.extend(attributes.into_iter().map(|a| (submodule.clone(), a)));
                continue;
            }
            if modules.get(&absolute).is_none() {
                // A module of the package that was not loaded: the slice cannot fill it.
                return Err(match imported.starts_with('.') {
                    true => SkipReason::RelativeImport(imported.clone()),
                    false => SkipReason::NotStandardLibrary(root(imported).to_string()),
                });
            }
            needs.push((absolute.clone(), original.to_string()));
            if name != original {
                aliases.push_str(&format!("{name} = {original}\n"));
            }
        }
        replaced.insert(i, aliases);
    }
    let mut local_imports = HashMap::new();
    let mut local_needs = Vec::new();
    for &i in &kept {
        let statement = &module.statements[i];
        if statement.kind == StatementKind::Definition {
            let filled = fill_local_imports(module, statement, facts, modules, &mut local_needs)?;
            if !filled.is_empty() {
                local_imports.insert(i, filled);
            }
        }
    }
    let rewrites = check_reach(
        &module.source,
        &module.statements,
        &kept,
        &replaced,
        &local_imports,
        package,
        facts,
    )?;
    let frozen = kept
        .iter()
        .filter_map(|&i| {
            let [name] = module.statements[i].binds.as_slice() else {
                return None;
            };
            let (binder, literal) = frozen_binder(module, facts, name)?;
            (binder == i).then(|| (i, format!("{name} = {literal}")))
        })
        .collect();
    Ok(Cut {
        kept,
        rewrites,
        replaced,
        needs,
        local_imports,
        local_needs,
        renames: Vec::new(),
        late,
        namespaces,
        frozen,
    })
}

/// The statement that binds `name` in `module` and the literal that stands for it there, where
/// the name is a frozen table of the module (see [`PythonFacts::frozen_table`]) bound by an
/// assignment of that name alone.
fn frozen_binder<'f>(
    module: &Module,
    facts: &'f PythonFacts,
    name: &str,
) -> Option<(usize, &'f str)> {
    let literal = facts.frozen_table(module.name.as_deref()?, name)?;
    let mut binders = module
        .statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.binds.iter().any(|b| b == name));
    let (index, statement) = binders.next()?;
    let single = binders.next().is_none()
        && statement.kind == StatementKind::Other
        && statement.binds.len() == 1;
    single.then_some((index, literal))
}

/// The imports of the package's own modules in the function bodies of `statement`, a kept
/// definition of `module` (an import cycle is their usual reason), each with what stands for
/// it in the program; the `(module, name)` they need go to `needs`. A name imported as itself
/// is the program's definition, so its import goes; one imported under another name becomes a
/// local alias (`P = Pipe`); a module imported as an object becomes a local class holding what
/// is read of it (see [`package_namespace`]). An import of a module that was not loaded stays,
/// for [`check_reach`] to report.
fn fill_local_imports(
    module: &Module,
    statement: &TopLevelStatement,
    facts: &PythonFacts,
    modules: &Modules,
    needs: &mut Vec<(String, String)>,
) -> Result<Vec<(LocalImport, String)>, SkipReason> {
    let package = module.package.as_deref();
    let text = &module.source[statement.span.start_byte..statement.span.end_byte];
    // What the function bodies read through their imports, spelled absolutely
    // (`pkg.main.Pipe.bind`).
    let read: Vec<String> = (statement.resolved.iter())
        .map(|chain| absolute_chain(chain, package))
        .collect();
    let mut filled = Vec::new();
    'imports: for import in benchgen_python::local_imports(text) {
        let [imported] = import.modules.as_slice() else {
            continue;
        };
        let Some(absolute) = own_module(imported, package, facts) else {
            continue;
        };
        let mut stands_for = String::new();
        let mut needed = Vec::new();
        for (name, qualified) in &import.imports {
            let Some(path) = own_module(qualified, package, facts) else {
                continue 'imports;
            };
            let chains: Vec<&str> = (read.iter())
                .filter(|chain| **chain == path || chain.starts_with(&format!("{path}.")))
                .map(String::as_str)
                .collect();
            // `import pkg.x` binds `pkg`, `import pkg.x as y` binds `pkg.x`; `from pkg import x`
            // binds a module where `pkg.x` is one.
            let plain = imported == qualified || imported.starts_with(&format!("{qualified}."));
            if plain || modules.get(&path).is_some() {
                let read_of = attributes_of_modules(&chains, modules)
                    .ok_or_else(|| SkipReason::PackageModule(path.clone()))?;
                if !read_of.is_empty() {
                    stands_for.push_str(&package_namespace(name, &path, &read_of));
                }
                for (module_name, attributes) in read_of {
                    needed.extend(attributes.into_iter().map(|a| (module_name.clone(), a)));
                }
                continue;
            }
            if modules.get(&absolute).is_none() {
                continue 'imports;
            }
            if chains.is_empty() {
                continue;
            }
            let original = qualified.rsplit('.').next().unwrap_or(qualified);
            needed.push((absolute.clone(), original.to_string()));
            if name != original {
                stands_for.push_str(&format!("{name} = {original}\n"));
            }
        }
        filled.push((import, stands_for));
        needs.extend(needed);
    }
    Ok(filled)
}

/// What `chains` (absolute: `pkg.mod.f.attr`) read of the package's modules: each chain's
/// attribute after the longest start of it that is a loaded module; `None` where a chain is a
/// module itself (passed, returned, compared) or starts with none.
fn attributes_of_modules(
    chains: &[&str],
    modules: &Modules,
) -> Option<BTreeMap<String, BTreeSet<String>>> {
    let mut read_of: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for chain in chains {
        if modules.get(chain).is_some() {
            return None;
        }
        let parts: Vec<&str> = chain.split('.').collect();
        let (module, attribute) = (1..parts.len())
            .rev()
            .map(|n| (parts[..n].join("."), parts[n]))
            .find(|(module, _)| modules.get(module).is_some())?;
        read_of
            .entry(module)
            .or_default()
            .insert(attribute.to_string());
    }
    Some(read_of)
}

/// The module of the package that a star import in `module` (`from .x import *`) takes
/// `name` from: the first that binds it at module level and exports it (its `__all__` lists
/// it, or it has none and `name` is public).
fn star_source(
    module: &Module,
    name: &str,
    facts: &PythonFacts,
    modules: &Modules,
) -> Option<String> {
    module
        .statements
        .iter()
        .filter(|statement| statement.binds.iter().any(|b| b == "*"))
        .filter_map(|statement| match statement.modules.as_slice() {
            [imported] => own_module(imported, module.package.as_deref(), facts),
            _ => None,
        })
        .find(|source| {
            modules.get(source).is_some_and(|(text, _)| {
                let statements = benchgen_python::top_level_statements(text);
                let binds = statements.iter().any(|s| s.binds.iter().any(|b| b == name));
                let listed = statements
                    .iter()
                    .find(|s| s.binds.iter().any(|b| b == "__all__"))
                    .map(|s| {
                        let text = &text[s.span.start_byte..s.span.end_byte];
                        text.contains(&format!("\"{name}\"")) || text.contains(&format!("'{name}'"))
                    });
                binds && listed.unwrap_or(!name.starts_with('_'))
            })
        })
}

/// The attributes the kept statements read of `name`, a module of the package imported as a
/// value (`from . import _signatures as _sigs`, then `_sigs.signature_or_spec(f)`); `None`
/// when the module itself is used as a value (passed, returned, compared).
fn attributes_read(
    module: &Module,
    kept: &BTreeSet<usize>,
    name: &str,
) -> Option<BTreeSet<String>> {
    let mut attributes = BTreeSet::new();
    for chain in kept.iter().flat_map(|&i| module.statements[i].reads.iter()) {
        if root(chain) != name {
            continue;
        }
        let attribute = chain[name.len()..].strip_prefix('.')?;
        attributes.insert(root(attribute).to_string());
    }
    Some(attributes)
}

/// Whether the kept statements read `name` only inside the bodies of undecorated functions,
/// which look it up when called rather than when the program is loaded.
fn read_late(module: &Module, kept: &BTreeSet<usize>, name: &str) -> bool {
    kept.iter()
        .map(|&i| &module.statements[i])
        .filter(|s| s.reads.iter().any(|chain| root(chain) == name))
        .all(|s| {
            let text = module.source[s.span.start_byte..s.span.end_byte].trim_start();
            s.kind == StatementKind::Definition
                && (text.starts_with("def ") || text.starts_with("async def "))
        })
}

/// The kept plain imports of the package's own modules that bind `root` (`import pkg.x`,
/// `import pkg.y`): the first one's statement, and the modules, sorted.
fn package_imports(
    module: &Module,
    kept: &BTreeSet<usize>,
    root_name: &str,
    package: Option<&str>,
    facts: &PythonFacts,
) -> (usize, Vec<String>) {
    let mut first = usize::MAX;
    let mut paths = Vec::new();
    for &j in kept {
        let statement = &module.statements[j];
        let text = &module.source[statement.span.start_byte..statement.span.end_byte];
        if statement.kind != StatementKind::Import || text.trim_start().starts_with("from") {
            continue;
        }
        let (Some((name, qualified)), [imported]) =
            (statement.imports.first(), statement.modules.as_slice())
        else {
            continue;
        };
        if name != root_name || qualified == imported {
            continue;
        }
        if let Some(absolute) = own_module(imported, package, facts) {
            first = first.min(j);
            paths.push(absolute);
        }
    }
    paths.sort();
    paths.dedup();
    (first, paths)
}

/// What the kept statements read of each of `paths` (modules under the package `root`,
/// imported as `import root.x`), by the longest module each chain rooted at `root` starts
/// with; `None` when a chain names no attribute of one (a module passed as a value).
fn modules_read(
    module: &Module,
    kept: &BTreeSet<usize>,
    root_name: &str,
    paths: &[String],
) -> Option<BTreeMap<String, BTreeSet<String>>> {
    let mut read: BTreeMap<String, BTreeSet<String>> =
        paths.iter().map(|p| (p.clone(), BTreeSet::new())).collect();
    for chain in kept.iter().flat_map(|&i| module.statements[i].reads.iter()) {
        if root(chain) != root_name {
            continue;
        }
        let (path, attribute) = paths
            .iter()
            .filter_map(|p| Some((p, chain.strip_prefix(p.as_str())?.strip_prefix('.')?)))
            .max_by_key(|(p, _)| p.len())?;
        read.get_mut(path)?.insert(root(attribute).to_string());
    }
    Some(read)
}

/// A class `name` standing for the module `module`, with classes nested in it for the
/// modules under it that `read_of` names (`pkg.monad`, `pkg.monoid` under one `class pkg:`),
/// each holding what is read of it (see [`namespace`]).
fn package_namespace(
    name: &str,
    module: &str,
    read_of: &BTreeMap<String, BTreeSet<String>>,
) -> String {
    fn render(
        text: &mut String,
        prefix: &str,
        depth: usize,
        read_of: &BTreeMap<String, BTreeSet<String>>,
    ) {
        let indent = "    ".repeat(depth + 1);
        if let Some(attributes) = read_of.get(prefix) {
            text.push_str(&module_body(depth + 1, prefix, attributes));
        }
        let children: BTreeSet<&str> = read_of
            .keys()
            .filter_map(|m| m.strip_prefix(prefix)?.strip_prefix('.'))
            .map(root)
            .collect();
        for child in children {
            text.push_str(&format!("{indent}class {child}:\n"));
            render(text, &format!("{prefix}.{child}"), depth + 1, read_of);
        }
    }
    let mut text = format!("class {name}:\n");
    render(&mut text, module, 0, read_of);
    text
}

/// A class standing for the module `module` as far as the program uses it: each attribute it
/// reads is the definition the slice cut out of that module (a `staticmethod` hands back any
/// object, function or not, unchanged).
fn namespace(name: &str, module: &str, attributes: &BTreeSet<String>) -> String {
    format!("class {name}:\n{}", module_body(1, module, attributes))
}

/// The body of a class standing for `module` (see [`namespace`]), at `depth` levels of
/// indentation (a class body looks each name up among the globals, nested or not).
fn module_body(depth: usize, module: &str, attributes: &BTreeSet<String>) -> String {
    let indent = "    ".repeat(depth);
    let mut text =
        format!("{indent}\"\"\"The module `{module}`, as far as this program uses it.\"\"\"\n\n");
    for attribute in attributes {
        text.push_str(&format!(
            "{indent}{attribute} = staticmethod({attribute})\n"
        ));
    }
    text
}

/// Where the class `class` (the statement at `index` of `module`) looks as if it builds no
/// instance of its own (it defines `__new__`, has abstract methods or methods that raise
/// `NotImplementedError`: multiset's `BaseMultiset`), the statement of the first class after
/// it that names it among its bases and looks concrete.
fn concrete_subclass(module: &Module, index: usize, class: &str) -> Option<usize> {
    let text = |i: usize| {
        let span = &module.statements[i].span;
        &module.source[span.start_byte..span.end_byte]
    };
    let abstract_markers = ["abstractmethod", "NotImplementedError"];
    let looks_abstract = |i: usize| {
        abstract_markers
            .iter()
            .any(|marker| text(i).contains(marker))
    };
    if !(looks_abstract(index) || text(index).contains("def __new__")) {
        return None;
    }
    (index + 1..module.statements.len()).find(|&i| {
        let header = text(i)
            .lines()
            .find(|l| l.trim_start().starts_with("class "));
        let bases = header
            .and_then(|h| h.split_once('('))
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(bases, _)| bases);
        module.statements[i].kind == StatementKind::Definition
            && bases.is_some_and(|bases| {
                // `BaseMultiset[_TElement]`: a generic base, by its name.
                bases.split(',').any(|base| {
                    let base = base.split('[').next().unwrap_or(base).trim();
                    base == class || base.ends_with(&format!(".{class}"))
                })
            })
            && !looks_abstract(i)
    })
}

/// The capitalized words of the documented types of the parameters of `module`'s function
/// `qualified_name` (`date : ~pkg.dates.BaseDate`, `conflicts (list of Conflict)`), sorted.
fn documented_type_words(module: &Module, qualified_name: &str) -> Vec<String> {
    let Some(function) = benchgen_python::functions(&module.source)
        .into_iter()
        .find(|f| f.qualified_name == qualified_name)
    else {
        return Vec::new();
    };
    let types = function
        .docstring
        .as_deref()
        .map(crate::hints::documented_type_texts)
        .unwrap_or_default();
    let mut words: Vec<String> = types
        .values()
        .flat_map(|text| text.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|word| word.chars().next().is_some_and(char::is_uppercase))
        .map(str::to_string)
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// The index of the statement of `module` that defines the class `name` at its top level.
fn class_statement(module: &Module, name: &str) -> Option<usize> {
    let index = (module.statements.iter()).rposition(|s| s.binds.iter().any(|b| b == name))?;
    let statement = &module.statements[index];
    let text = &module.source[statement.span.start_byte..statement.span.end_byte];
    (statement.kind == StatementKind::Definition
        && text
            .lines()
            .any(|line| line.starts_with(&format!("class {name}"))))
    .then_some(index)
}

/// The statements of `module` that bind a class among `words` (see [`documented_type_words`]):
/// its definition, with a concrete subclass where it looks abstract (see
/// [`concrete_subclass`]), or the import of the package that binds it.
fn documented_classes(module: &Module, words: &[String]) -> Vec<usize> {
    let mut found = Vec::new();
    for word in words {
        if let Some(index) = class_statement(module, word) {
            found.push(index);
            found.extend(concrete_subclass(module, index, word));
            continue;
        }
        let Some(index) = (module.statements.iter()).rposition(|s| s.binds.contains(word)) else {
            continue;
        };
        let statement = &module.statements[index];
        let text = &module.source[statement.span.start_byte..statement.span.end_byte];
        if statement.kind == StatementKind::Import && text.trim_start().starts_with("from") {
            found.push(index);
        }
    }
    found
}

/// `(module, class)` for each of `words` that `module` binds nowhere and exactly one other
/// module of its package defines at its top level, with a concrete subclass of it there where
/// it looks abstract.
fn documented_elsewhere(
    module: &Module,
    words: &[String],
    package: Option<&str>,
    modules: &Modules,
) -> Vec<(String, String)> {
    let Some(package) = package else {
        return Vec::new();
    };
    let mut others: Vec<(&String, &str)> = (modules.texts.iter())
        .filter(|(name, _)| module.name.as_ref() != Some(*name) && root(name) == root(package))
        .map(|(name, (text, _))| (name, *text))
        .collect();
    others.sort_unstable();
    let mut found = Vec::new();
    for word in words {
        if module.statements.iter().any(|s| s.binds.contains(word)) {
            continue;
        }
        let mut defining = Vec::new();
        for (name, text) in &others {
            let other = Module {
                name: Some((*name).clone()),
                source: text.to_string(),
                statements: runtime_statements(text),
                package: Some(package.to_string()),
            };
            if let Some(index) = class_statement(&other, word) {
                let subclass = concrete_subclass(&other, index, word)
                    .and_then(|i| other.statements[i].binds.first().cloned());
                defining.push(((*name).clone(), subclass));
            }
        }
        if let [(name, subclass)] = defining.as_slice() {
            found.push((name.clone(), word.clone()));
            found.extend(subclass.iter().map(|s| (name.clone(), s.clone())));
        }
    }
    found
}

/// The statements of `module` that define a function annotated to return an instance of
/// `class` (the statement at `index`; `def Right(value: T) -> Either[Any, T]:`), which the probe
/// builds receivers with; none where the class defines `__init__` or `__new__` (its parameters
/// build receivers), so that a factory's hazards cost no method of a class built otherwise.
fn factory_functions(module: &Module, index: usize, class: &str) -> Vec<usize> {
    let span = &module.statements[index].span;
    let text = &module.source[span.start_byte..span.end_byte];
    if text.contains("def __init__(") || text.contains("def __new__(") {
        return Vec::new();
    }
    let returns_class = |annotation: &str| {
        let name = annotation.trim().trim_matches(|c| c == '"' || c == '\'');
        name.split('[').next().unwrap_or(name).trim() == class
    };
    benchgen_python::functions(&module.source)
        .into_iter()
        .filter(|f| f.class_path.is_empty())
        .filter(|f| f.return_annotation.as_deref().is_some_and(returns_class))
        .filter_map(|f| {
            module.statements.iter().position(|s| {
                // Its own statement: not a function nested in another.
                s.kind == StatementKind::Definition && s.span.start_line == f.target.span.start_line
            })
        })
        .collect()
}

/// The absolute name of `imported` when it is a module of the package being built rather
/// than of the standard library: a relative import, or an absolute one under the package's
/// own top-level name.
fn own_module(imported: &str, package: Option<&str>, facts: &PythonFacts) -> Option<String> {
    let package = package?;
    let absolute = match imported.starts_with('.') {
        true => absolute(imported, package)?,
        false => imported.to_string(),
    };
    let top = package.split('.').next().unwrap_or(package);
    (root(&absolute) == top && !facts.is_stdlib(top)).then_some(absolute)
}
fn root(chain: &str) -> &str {
    chain.split('.').next().unwrap_or(chain)
}

/// The module-level statements of `source` as they run: the body of an `if TYPE_CHECKING:`
/// never does (`typing.TYPE_CHECKING` is False at run time), so such a statement reads,
/// imports and resolves only what its condition and its `elif`/`else` branches do (pqdict
/// imports `TypeVar` from typing_extensions for the type checker, from typing otherwise). It
/// still binds what the body binds, for annotations that name it, and stays whole in the
/// program, as any module-level `if`.
fn runtime_statements(source: &str) -> Vec<TopLevelStatement> {
    let mut statements = benchgen_python::top_level_statements(source);
    for statement in &mut statements {
        let text = &source[statement.span.start_byte..statement.span.end_byte];
        let Some(runs) = type_checking_body_skipped(text) else {
            continue;
        };
        if let [runs] = benchgen_python::top_level_statements(&runs).as_slice() {
            statement.reads = runs.reads.clone();
            statement.resolved = runs.resolved.clone();
            statement.modules = runs.modules.clone();
            statement.imports = runs.imports.clone();
        }
    }
    statements
}

/// `text`, an `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`) statement, with `pass` for the
/// body of that branch; `None` for another statement.
fn type_checking_body_skipped(text: &str) -> Option<String> {
    let text = text.trim_start();
    let header = ["if TYPE_CHECKING:", "if typing.TYPE_CHECKING:"]
        .into_iter()
        .find(|header| text.starts_with(header))?;
    // The statement is at module level, so its other branches start their lines.
    let others = ["\nelif", "\nelse"]
        .iter()
        .filter_map(|keyword| text.find(keyword))
        .min()
        .map_or("\n", |at| &text[at..]);
    Some(format!("{header} pass{others}"))
}

/// An `if` whose condition asks which Python runs (`sys.version_info`, `PY2`, `PY3`...).
fn version_guarded(text: &str) -> bool {
    let text = text.trim_start();
    let Some(condition) = text.strip_prefix("if ").and_then(|t| t.split(':').next()) else {
        return false;
    };
    [
        "version_info",
        "hexversion",
        "sys.version",
        "PY2",
        "PY3",
        "python_implementation",
    ]
    .iter()
    .any(|marker| condition.contains(marker))
}

/// A relative import made absolute in the text of one kept statement: `(statement, from, to)`.
type Rewrite = (usize, String, String);

/// Every import the kept statements make must be in the sandbox's standard library, and
/// nothing they use may be a hazard. A relative import of a standard-library package is
/// importable in the sandbox once spelled absolutely: the rewrites that do so are returned.
/// `replaced` statements import from the package's own modules, which the slice fills: they
/// are not checked here (what they bring in is, in its own module); nor are the imports in
/// function bodies that `filled` lists by statement.
fn check_reach(
    source: &str,
    statements: &[TopLevelStatement],
    kept: &BTreeSet<usize>,
    replaced: &HashMap<usize, String>,
    filled: &HashMap<usize, Vec<(LocalImport, String)>>,
    package: Option<&str>,
    facts: &PythonFacts,
) -> Result<Vec<Rewrite>, SkipReason> {
    let aliases: HashMap<&str, &str> = kept
        .iter()
        .filter(|i| !replaced.contains_key(i))
        .flat_map(|&i| statements[i].imports.iter())
        .map(|(name, qualified)| (name.as_str(), qualified.as_str()))
        .collect();
    let bound: HashSet<&str> = statements
        .iter()
        .flat_map(|s| s.binds.iter().map(String::as_str))
        .collect();
    // Names read when the program is imported, and those read only when a function runs (in a
    // definition's body), where the probe guards some hazards (`hazards::find_unguarded`).
    let (mut imported, mut names): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let mut rewrites = Vec::new();
    for &i in kept {
        if replaced.contains_key(&i) {
            continue;
        }
        let statement = &statements[i];
        // `try: import x` / `except ImportError: fallback`: the module is optional.
        let text = &source[statement.span.start_byte..statement.span.end_byte];
        let deferred = ["def ", "async def ", "class ", "@"]
            .iter()
            .any(|start| text.trim_start().starts_with(start));
        let names = match deferred {
            true => &mut names,
            false => &mut imported,
        };
        // `if sys.version_info >= ...: import x` / `else: import y`: the branch for another
        // Python is never taken.
        let optional = (text.trim_start().starts_with("try") && text.contains("ImportError"))
            || version_guarded(text);
        // Once each: a class body may import the same module, binding attributes of the class.
        let mut filled_here: Vec<&String> = (filled.get(&i).into_iter().flatten())
            .flat_map(|(import, _)| &import.modules)
            .collect();
        for module in &statement.modules {
            if let Some(at) = filled_here.iter().position(|m| *m == module) {
                filled_here.swap_remove(at);
                continue;
            }
            let module = match module.strip_prefix('.').is_some() {
                // `try: from .x import y` / `except ImportError: fallback`: a one-file program
                // has no package, so the import fails and the fallback runs, as where the
                // module is missing.
                true if optional
                    && !package
                        .and_then(|package| absolute(module, package))
                        .is_some_and(|absolute| facts.is_stdlib(root(&absolute))) =>
                {
                    continue
                }
                true => {
                    let absolute = package
                        .and_then(|package| absolute(module, package))
                        .filter(|absolute| facts.is_stdlib(root(absolute)))
                        .ok_or_else(|| SkipReason::RelativeImport(module.clone()))?;
                    rewrites.push((i, module.clone(), absolute.clone()));
                    absolute
                }
                false => module.clone(),
            };
            if !facts.is_importable(root(&module)) && !optional {
                return Err(SkipReason::NotStandardLibrary(root(&module).to_string()));
            }
            names.push(module);
        }
        names.extend(
            statement
                .resolved
                .iter()
                .map(|chain| absolute_chain(chain, package)),
        );
        for chain in &statement.reads {
            let name = root(chain);
            match through_alias(chain, &aliases) {
                Some(spelled) => names.push(absolute_chain(&spelled, package)),
                // A builtin (`open`, `input`) or `__file__`; names the module defines are
                // checked where they are defined.
                None if !bound.contains(name) => names.push(chain.clone()),
                None => {}
            }
        }
    }
    let hazard = hazards::find(imported.iter().map(String::as_str))
        .or_else(|| hazards::find_unguarded(names.iter().map(String::as_str)));
    match hazard {
        Some((kind, name)) => Err(SkipReason::Hazard { kind, name }),
        None => Ok(rewrites),
    }
}

/// `chain` spelled with what its root stands for (`dt.now` → `datetime.datetime.now` after
/// `from datetime import datetime as dt`), when an import binds its root.
fn through_alias(chain: &str, aliases: &HashMap<&str, &str>) -> Option<String> {
    let name = root(chain);
    aliases
        .get(name)
        .map(|qualified| format!("{qualified}{}", &chain[name.len()..]))
}

/// `.x` in package `a.b` is `a.b.x`, `..x` is `a.x`, `.` is `a.b`; `None` above the top.
pub(crate) fn absolute(relative: &str, package: &str) -> Option<String> {
    let rest = relative.trim_start_matches('.');
    let levels = relative.len() - rest.len();
    let parts: Vec<&str> = package.split('.').collect();
    let kept = parts.len().checked_sub(levels - 1).filter(|&n| n > 0)?;
    let base = parts[..kept].join(".");
    Some(match (base.is_empty(), rest.is_empty()) {
        (_, true) => base,
        (true, false) => rest.to_string(),
        (false, false) => format!("{base}.{rest}"),
    })
}

/// A dotted chain with a relative start made absolute where possible (for hazard matching).
fn absolute_chain(chain: &str, package: Option<&str>) -> String {
    match (chain.starts_with('.'), package) {
        (true, Some(package)) => {
            let rest = chain.trim_start_matches('.');
            let dots = chain.len() - rest.len();
            let (module, tail) = rest.split_once('.').map_or((rest, ""), |(m, t)| (m, t));
            let relative = format!("{}{module}", ".".repeat(dots));
            match absolute(&relative, package) {
                Some(base) if tail.is_empty() => base,
                Some(base) => format!("{base}.{tail}"),
                None => chain.to_string(),
            }
        }
        _ => chain.to_string(),
    }
}

/// The kept statements of `module` in order: definitions with the comment block right above
/// them and a blank-line pair around them, consecutive simple statements together; imports of
/// the package's own modules replaced by the aliases they bind; the cut's renames made.
fn assemble(module: &Module, cut: &Cut) -> Result<String, SkipReason> {
    let source = &module.source;
    let mut program = String::new();
    let mut previous: Option<StatementKind> = None;
    for &i in &cut.kept {
        let statement = &module.statements[i];
        let replacement = cut.replaced.get(&i);
        if replacement.is_some_and(|text| text.is_empty()) {
            continue;
        }
        let kind = match replacement {
            Some(text) if text.starts_with("class ") => StatementKind::Definition,
            Some(_) => StatementKind::Other,
            None => statement.kind,
        };
        let mut start = statement.span.start_byte;
        if kind == StatementKind::Definition {
            start = benchgen_python::comment_block_start(source, start);
        }
        if let Some(previous) = previous {
            if previous == StatementKind::Definition || kind == StatementKind::Definition {
                program.push_str("\n\n");
            } else if previous != kind {
                program.push('\n');
            }
        }
        let mut text = match (replacement, cut.frozen.get(&i)) {
            (Some(aliases), _) => aliases.clone(),
            (None, Some(literal)) => literal.clone(),
            (None, None) => source[start..statement.span.end_byte].to_string(),
        };
        for (_, relative, absolute) in cut.rewrites.iter().filter(|(j, _, _)| *j == i) {
            text = text.replacen(
                &format!("from {relative} import"),
                &format!("from {absolute} import"),
                1,
            );
        }
        for (from, to) in &cut.renames {
            text = benchgen_python::rename_global(&text, from, to)
                .ok_or_else(|| SkipReason::NameClash(from.clone()))?;
        }
        // After the renames: a name a removed import bound reads the program's definition,
        // which keeps its name (another module asks for it), not a renamed one of this module.
        if let Some(filled) = cut.local_imports.get(&i) {
            let stands_for = |import: &LocalImport| {
                let found = filled.iter().find(|(f, _)| f == import);
                found.map(|(_, text)| text.clone())
            };
            text = benchgen_python::replace_local_imports(&text, stands_for)
                .ok_or_else(|| SkipReason::PackageModule(filled[0].0.modules.join(", ")))?;
        }
        program.push_str(&text);
        if !program.ends_with('\n') {
            program.push('\n');
        }
        previous = Some(kind);
    }
    Ok(program)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULE: &str = "\
\"\"\"A module.\"\"\"
from __future__ import annotations

import os
import re as _re
from random import choice
import subprocess

__all__ = ['wrap']

_ws = _re.compile(r'\\s+')
WIDTH = 70
UNUSED = 1
_TABLE = {}
for _c in 'ab':
    _TABLE[_c] = ord(_c)


# Splits on whitespace.
def _split(text):
    return _ws.split(text.strip())


def wrap(text, width=WIDTH):
    \"\"\"Wraps.\"\"\"
    words = [w for w in _split(text) if w in _TABLE or w]
    return _join(words, width)


def _join(words, width):
    return os.linesep.join(words)[:width]


def roll(sides):
    return choice(range(sides))


def run(command):
    return subprocess.run(command).returncode


def lonely(x):
    return missing_helper(x)


def star(x):
    return from_star(x)


if __name__ == '__main__':
    print(wrap('a b'))
";

    fn facts() -> PythonFacts {
        PythonFacts::for_tests(
            &["ord", "len", "range", "print", "ImportError"],
            &["os", "re", "random", "socket", "subprocess", "textwrap"],
        )
    }

    #[test]
    fn keeps_exactly_what_the_target_reaches_in_order() {
        let program = slice(MODULE, "wrap", None, &facts()).unwrap();
        assert_eq!(
            program,
            "\
from __future__ import annotations

import os
import re as _re

_ws = _re.compile(r'\\s+')
WIDTH = 70
_TABLE = {}
for _c in 'ab':
    _TABLE[_c] = ord(_c)


# Splits on whitespace.
def _split(text):
    return _ws.split(text.strip())


def wrap(text, width=WIDTH):
    \"\"\"Wraps.\"\"\"
    words = [w for w in _split(text) if w in _TABLE or w]
    return _join(words, width)


def _join(words, width):
    return os.linesep.join(words)[:width]
"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn methods_no_one_reaches_are_left_out_where_they_hold_a_hazard() {
        let clock = "import os\n\n\nclass Moment:\n    \"\"\"A point in time.\"\"\"\n\n    def __init__(self, hours):\n        self.hours = hours\n\n    def now(self):\n        \"\"\"The current moment.\"\"\"\n        return Moment(len(os.getcwd()))\n\n    def shift(self, hours):\n        \"\"\"A moment `hours` later: `m.shift(2).until_now()`.\"\"\"\n        return Moment(self._wrap(self.hours + hours))\n\n    def _wrap(self, hours):\n        return hours % 24\n\n    def label(self):\n        return len(self.hours)\n\n    def until_now(self):\n        \"\"\"Hours from this moment to now.\"\"\"\n        return self.now().hours - self.hours\n";
        let program = slice(clock, "Moment.shift", None, &facts()).unwrap();
        assert!(!program.contains("def now"), "{program}");
        assert!(!program.contains("def until_now"), "{program}");
        // What the target reaches stays, through any depth of methods.
        assert!(program.contains("def _wrap(self, hours):"), "{program}");
        assert!(program.contains("def __init__(self, hours):"), "{program}");
        // Methods without a hazard stay, reached or not: the class is as the source has it.
        assert!(program.contains("def label(self):"), "{program}");
        // A method that reaches the hazard is skipped for it.
        assert!(matches!(
            slice(clock, "Moment.until_now", None, &facts()),
            Err(SkipReason::Hazard {
                kind: crate::report::HazardKind::FileSystem,
                ..
            })
        ));
        // Another kept function that names a dropped method: the whole class, and its hazard.
        let called = clock.replace(
            "        return Moment(self._wrap(self.hours + hours))",
            "        return Moment(self._wrap(self.hours + hours + late(self)))",
        ) + "\n\ndef late(moment):\n    return moment.until_now()\n";
        assert!(matches!(
            slice(&called, "Moment.shift", None, &facts()),
            Err(SkipReason::Hazard { .. })
        ));
    }

    #[test]
    fn unreached_methods_with_a_hazard_are_left_out_of_every_class_the_slice_keeps() {
        // Issue 30, pyluach: each date class has a `today()` reading the clock, and a target of
        // one class keeps the others too (`JulianDay.to_greg` builds a `GregorianDate`).
        let dates = "\
from datetime import date


class Day:
    \"\"\"A day number.\"\"\"

    def __init__(self, n):
        self.n = n

    @staticmethod
    def today():
        \"\"\"Today.\"\"\"
        return Stamp.today().to_day()

    def to_stamp(self):
        \"\"\"The stamp of this day.\"\"\"
        s = self.n * 10
        return Stamp(s)


class Stamp:
    def __init__(self, s):
        self.s = s

    @staticmethod
    def today():
        return Stamp(date.today().toordinal())

    def to_day(self):
        return Day(self.s // 10)


def stamp_of(n):
    \"\"\"The stamp of the day after day `n`, as a number.\"\"\"
    day = Day(n + 1)
    return day.to_stamp().s
";
        let facts = PythonFacts::for_tests(&["range", "staticmethod"], &["datetime"]);
        for target in ["Day.to_stamp", "stamp_of"] {
            let program = slice(dates, target, None, &facts).unwrap();
            assert!(!program.contains("def today"), "{program}");
            assert!(program.contains("    def to_day(self):"), "{program}");
            assert!(
                program.contains("        self.n = n\n\n    def to_stamp(self):"),
                "{program}"
            );
            assert_eq!(benchgen_python::parse_errors(&program), None);
        }
        // A class of another module of the package, the same.
        let months = "\
from cal.dates import Day


def _late():
    return Day.today()


def stamps(n):
    \"\"\"The stamps of the first `n` days.\"\"\"
    return [Day(i).to_stamp() for i in range(n)]


def stamps_and_today(n):
    \"\"\"The stamps of the first `n` days, and today.\"\"\"
    return stamps(n) + [_late()]
";
        let files = [
            ("cal.dates", dates, Some("cal")),
            ("cal.months", months, Some("cal")),
        ];
        let modules = Modules::new(files);
        let program = slice_in(months, "stamps", Some("cal"), &facts, &modules).unwrap();
        assert!(!program.contains("def today"), "{program}");
        assert!(program.contains("class Stamp:"), "{program}");
        // Code outside the classes that names a dropped method (`_late`): the hazard stands.
        assert!(matches!(
            slice_in(months, "stamps_and_today", Some("cal"), &facts, &modules),
            Err(SkipReason::Hazard { .. })
        ));
    }

    #[test]
    fn a_delegation_gets_its_callee_nested() {
        // Issue 30: `funcy.colls.merge` is `return join(colls)`; the prompt showed `join`, so
        // the item asked for one call.
        let source = "\
import os

SEP = os.sep


def join(colls):
    return SEP.join(c for c in colls if c)


def merge(*colls):
    \"\"\"Merges.\"\"\"
    return join(colls)
";
        let facts = PythonFacts::for_tests(&[], &["os"]);
        let program = slice(source, "merge", None, &facts).unwrap();
        assert_eq!(
            program,
            "\
import os

SEP = os.sep


def merge(*colls):
    \"\"\"Merges.\"\"\"
    def join(colls):
        return SEP.join(c for c in colls if c)

    return join(colls)
"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
        let target = benchgen_python::find_target(&program, "merge").unwrap();
        assert!(!benchgen_python::mask(&program, &target).contains("def join"));
    }

    #[test]
    fn a_delegation_to_another_module_of_the_package_gets_its_callee_nested() {
        // isodate: `date_isoformat` is `return strftime(tdate, format, yeardigits)`, with
        // `from isodate.isostrf import strftime`.
        let strf = "def strftime(d, f):\n    return f.replace('%Y', str(d))\n";
        let dates = "from pkg.strf import strftime\n\n\ndef date_isoformat(d, f='%Y'):\n    return strftime(d, f)\n";
        let aliased = "from pkg.strf import strftime as _s\n\n\ndef date_isoformat(d, f='%Y'):\n    return _s(d, f)\n";
        let files = [
            ("pkg.strf", strf, Some("pkg")),
            ("pkg.dates", dates, Some("pkg")),
            ("pkg.aliased", aliased, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["str"], &[]);
        assert_eq!(
            slice_in(dates, "date_isoformat", Some("pkg"), &facts, &modules).unwrap(),
            "def date_isoformat(d, f='%Y'):\n    def strftime(d, f):\n        return f.replace('%Y', str(d))\n\n    return strftime(d, f)\n"
        );
        // The alias `_s = strftime` would read the callee.
        assert_eq!(
            slice_in(aliased, "date_isoformat", Some("pkg"), &facts, &modules),
            Err(SkipReason::Delegation)
        );
    }

    #[test]
    fn a_delegation_whose_callee_must_stay_is_skipped() {
        let facts = PythonFacts::for_tests(&["len", "staticmethod"], &[]);
        let skipped = |source: &str| slice(source, "f", None, &facts);
        let callee = "def g(x):\n    return len(x) + 1\n\n\n";
        let f = "def f(x):\n    \"\"\"Doc.\"\"\"\n    return g(x)\n";
        // Another kept function (the callee calls it, it calls the callee back), a kept
        // module-level statement, the target's own default read it.
        let used = format!(
            "def g(x):\n    return h(x - 1) if x else 0\n\n\ndef h(x):\n    return g(x)\n\n\n{f}"
        );
        assert_eq!(skipped(&used), Err(SkipReason::Delegation));
        let table = "def g(x):\n    return TABLE[x](x - 1) if x else 0\n\n\nTABLE = {1: g}\n\n\ndef f(x):\n    return g(x)\n";
        assert_eq!(skipped(table), Err(SkipReason::Delegation));
        let default = format!("{callee}def f(x, k=g):\n    return g(x)\n");
        assert_eq!(skipped(&default), Err(SkipReason::Delegation));
        // A parameter would hide the module's name the callee reads.
        let hidden = format!("{callee}def f(x, len):\n    return g(x)\n");
        assert_eq!(skipped(&hidden), Err(SkipReason::Delegation));
        // Decorated, bound twice, a getter, a method of the receiver.
        let decorated = format!("@staticmethod\n{callee}{f}");
        assert_eq!(skipped(&decorated), Err(SkipReason::Delegation));
        let twice = format!("{callee}g = len\n\n\n{f}");
        assert_eq!(skipped(&twice), Err(SkipReason::Delegation));
        assert_eq!(
            skipped("X = 1\n\n\ndef f(x):\n    return X\n"),
            Err(SkipReason::Delegation)
        );
        let method = "class C:\n    def f(self, x):\n        return self._g(x)\n\n    def _g(self, x):\n        return x\n";
        assert_eq!(
            slice(method, "C.f", None, &facts),
            Err(SkipReason::Delegation)
        );
        assert!(skipped(&format!("{callee}{f}")).is_ok());
    }

    #[test]
    fn hazards_unresolved_names_and_foreign_imports_are_reasons() {
        // Chance a function's body calls is the probe's to guard (`hazards::find_unguarded`).
        assert!(slice(MODULE, "roll", None, &facts()).is_ok());
        assert!(matches!(
            slice(MODULE, "run", None, &facts()),
            Err(SkipReason::Hazard {
                kind: crate::report::HazardKind::Process,
                ..
            })
        ));
        assert_eq!(
            slice(MODULE, "lonely", None, &facts()),
            Err(SkipReason::UnresolvedName("missing_helper".into()))
        );
        // toml's decoder: the Python 2 branch (`sys.version_info < (3,)` there) reads a builtin
        // the running Python lacks.
        let both = "import os\n\nif os.name == 'python2':\n    _range = xrange\nelse:\n    _range = range\n\ndef evens(n):\n    return _range(0, n, 2)\n";
        let program = slice(both, "evens", None, &facts()).unwrap();
        assert!(program.contains("_range = xrange"), "{program}");
        assert_eq!(
            slice(
                &both.replace("_range(0", "missing(0"),
                "evens",
                None,
                &facts()
            ),
            Err(SkipReason::UnresolvedName("missing".into()))
        );
        let optional = "try:\n    import numpy as np\nexcept ImportError:\n    np = None\n\ndef norm(v):\n    return v if np is None else np.sqrt(v)\n";
        assert_eq!(
            slice(optional, "norm", None, &facts()).unwrap(),
            optional.replace("\n\ndef", "\n\n\ndef")
        );
        let foreign = "import numpy as np\n\ndef norm(v):\n    return np.sqrt(v)\n";
        assert_eq!(
            slice(foreign, "norm", None, &facts()),
            Err(SkipReason::NotStandardLibrary("numpy".into()))
        );
        let relative = "from .util import helper\n\ndef f(v):\n    return helper(v)\n";
        assert_eq!(
            slice(relative, "f", None, &facts()),
            Err(SkipReason::RelativeImport(".util".into()))
        );
        let local = "def f(v):\n    import socket\n    return socket.gethostbyname(v)\n";
        assert!(matches!(
            slice(local, "f", None, &facts()),
            Err(SkipReason::Hazard {
                kind: crate::report::HazardKind::Network,
                ..
            })
        ));
    }

    #[test]
    fn redefinitions_and_methods() {
        let redefined = "def f(x):\n    return x + 1\n\nf = len\n";
        assert_eq!(
            slice(redefined, "f", None, &facts()),
            Err(SkipReason::Redefined)
        );
        let overloads = "def f(x):\n    return 0\n\ndef f(x):\n    return x + 1\n";
        assert_eq!(
            slice(overloads, "f", None, &facts()).unwrap(),
            "def f(x):\n    return x + 1\n"
        );
        let class = "import re\n\nBASE = 2\n\nclass Parser:\n    SEP = re.compile(',')\n\n    @staticmethod\n    def parse(text):\n        return [int(p, BASE) for p in Parser.SEP.split(text)]\n";
        let program = slice(
            class,
            "Parser.parse",
            None,
            &PythonFacts::for_tests(&["int", "staticmethod"], &["re"]),
        )
        .unwrap();
        assert_eq!(
            program,
            class.replace("BASE = 2\n\nclass", "BASE = 2\n\n\nclass")
        );
    }

    #[test]
    fn relative_imports_of_the_standard_library_become_absolute() {
        let source = "from .decoder import JSONDecodeError\nfrom .. import x\n\ndef load(s):\n    if not s:\n        raise JSONDecodeError('empty', s, 0)\n    return s\n";
        let facts = PythonFacts::for_tests(&[], &["json"]);
        assert_eq!(
            slice(source, "load", Some("json"), &facts).unwrap(),
            source
                .replace(".decoder", "json.decoder")
                .replace("from .. import x\n", "\n")
        );
        assert_eq!(
            slice(source, "load", None, &facts),
            Err(SkipReason::RelativeImport(".decoder".into()))
        );
        assert_eq!(absolute("..x", "a.b"), Some("a.x".into()));
        assert_eq!(absolute(".", "a.b"), Some("a.b".into()));
        assert_eq!(absolute("...x", "a.b"), None);
    }

    #[test]
    fn modules_of_the_build_environment_can_be_imported() {
        let source = "import six\n\n\ndef text(x):\n    return [six.text_type(x)]\n";
        let without = PythonFacts::for_tests(&[], &[]);
        assert_eq!(
            slice(source, "text", None, &without),
            Err(SkipReason::NotStandardLibrary("six".into()))
        );
        let with = without.with_installed(&["six"]);
        assert_eq!(slice(source, "text", None, &with).unwrap(), source);
    }

    #[test]
    fn statements_filling_a_name_follow_its_closest_binding() {
        // copy.py binds `d` twice; the first table's fillers must not come with the second.
        let source = "\
_copy = d = {}
d[int] = 1
del d

def _atomic(x):
    return x

d = _deep = {}
d[int] = _atomic
del d

def deepcopy(x):
    return _deep[type(x)](x) or x
";
        let facts = PythonFacts::for_tests(&["int", "type"], &[]);
        assert_eq!(
            slice(source, "deepcopy", None, &facts).unwrap(),
            "def _atomic(x):\n    return x\n\n\nd = _deep = {}\nd[int] = _atomic\n\n\ndef deepcopy(x):\n    return _deep[type(x)](x) or x\n"
        );
    }

    #[test]
    fn loops_filling_tables_come_along_though_their_variable_is_reused() {
        // Issue 30: email.quoprimime fills two tables in two loops over `c`, then `del c`;
        // the slice of `header_encode` lost its loop, and encoded every letter.
        let source = "\
_MAP = ['=%02X' % c for c in range(256)]
_HEADER = _MAP[:]
_BODY = _MAP[:]

for c in b'abc':
    _HEADER[c] = chr(c)

for c in b' xyz':
    _BODY[c] = chr(c)
del c

def header_encode(data):
    return ''.join(_HEADER[octet] for octet in data)
";
        let facts = PythonFacts::for_tests(&["range", "chr"], &[]);
        assert_eq!(
            slice(source, "header_encode", None, &facts).unwrap(),
            "_MAP = ['=%02X' % c for c in range(256)]\n_HEADER = _MAP[:]\nfor c in b'abc':\n    _HEADER[c] = chr(c)\n\n\ndef header_encode(data):\n    return ''.join(_HEADER[octet] for octet in data)\n"
        );
    }

    #[test]
    fn a_name_rebound_from_itself_keeps_its_first_binding() {
        // Issue 13: `X = [f(b) for b in X]` lost the first `X`.
        let source = "\
_B = ['a', 'b']
_B = [s.upper() for s in _B]
UNUSED = 0

def f(x):
    return x in _B
";
        let facts = PythonFacts::for_tests(&[], &[]);
        assert_eq!(
            slice(source, "f", None, &facts).unwrap(),
            "_B = ['a', 'b']\n_B = [s.upper() for s in _B]\n\n\ndef f(x):\n    return x in _B\n"
        );
    }

    #[test]
    fn version_guarded_and_type_checking_imports_are_not_needs() {
        let source = "\
import sys
if sys.version_info >= (3, 9):
    import zoneinfo
else:
    from backports import zoneinfo
if TYPE_CHECKING:
    from .types import Zone

def f(x: 'Zone'):
    return zoneinfo.available_timezones() and x
";
        let facts = PythonFacts::for_tests(&["TYPE_CHECKING"], &["sys", "zoneinfo"]);
        let program = slice(source, "f", Some("pkg"), &facts).unwrap();
        assert!(
            program.contains("from backports import zoneinfo"),
            "{program}"
        );
        let hex = source.replace("sys.version_info >= (3, 9)", "sys.hexversion >= 0x03090000");
        assert!(slice(&hex, "f", Some("pkg"), &facts).is_ok());
        let unguarded = source.replace("if sys.version_info >= (3, 9):", "if sys.flags.x:");
        assert_eq!(
            slice(&unguarded, "f", Some("pkg"), &facts),
            Err(SkipReason::NotStandardLibrary("backports".into()))
        );
    }

    #[test]
    fn the_body_of_if_type_checking_does_not_run() {
        // Issue 30, pqdict: typing_extensions is the type checker's, typing the program's.
        let source = "\
from __future__ import annotations

from typing import TYPE_CHECKING, Generic
from foreign import Shape

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    T = TypeVar('T', default=int)
else:
    from typing import TypeVar

    T = TypeVar('T')
if TYPE_CHECKING:
    Shaped = Shape[T]


class Box(Generic[T]):
    \"\"\"A box.\"\"\"

    def __init__(self, value: Shaped):
        self.value = value

    def doubled(self):
        \"\"\"The value twice.\"\"\"
        return self.value + self.value
";
        let facts = PythonFacts::for_tests(&["int"], &["typing"]);
        let plain = source
            .replace("from foreign import Shape\n", "")
            .replace("if TYPE_CHECKING:\n    Shaped = Shape[T]\n", "")
            .replace("value: Shaped", "value");
        assert_eq!(slice(&plain, "Box.doubled", None, &facts).map(drop), Ok(()));
        let program = slice(source, "Box.doubled", None, &facts).unwrap();
        // The statement stays whole, as any module-level `if`.
        assert!(
            program.contains("    from typing_extensions import TypeVar\n"),
            "{program}"
        );
        // What only the body reads is not kept.
        assert!(!program.contains("from foreign"), "{program}");
    }

    fn package() -> Vec<(&'static str, &'static str, Option<&'static str>)> {
        vec![
            (
                "pkg",
                "from ._impl import public, Shape\nfrom .util import *\n",
                Some("pkg"),
            ),
            (
                "pkg._impl",
                "import re\nfrom . import util\nfrom .util import clean as _clean, LIMIT\n\n\
                 _WORD = re.compile(r'\\w+')\n\n\ndef public(text):\n    return [_clean(w)[:LIMIT] for w in _WORD.findall(text)]\n\n\n\
                 def whole(text):\n    return [util.clean(text)]\n\n\ndef handle(text):\n    return util\n\n\n\
                 class Shape:\n    SIDES = 3\n",
                Some("pkg"),
            ),
            (
                "pkg.util",
                "import re\nfrom pkg.consts import LIMIT\n\n\ndef clean(word):\n    return re.sub('_', '', word).lower()\n\n\ndef other():\n    return 1\n",
                Some("pkg"),
            ),
            ("pkg.consts", "LIMIT = 4\nOTHER = 5\n", Some("pkg")),
            (
                "pkg.api",
                "import pkg.util\nfrom .consts import LIMIT\nfrom ._impl import public\n\n\
                 LIMIT = LIMIT + 1\n\n\ndef shout(text):\n    return public(text) + [LIMIT]\n\n\
                 def mod(text):\n    return pkg.util.clean(text) + '!'\n",
                Some("pkg"),
            ),
        ]
    }

    #[test]
    fn package_imports_bring_exactly_what_the_target_reaches() {
        let files = package();
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["len"], &["re"]);
        let (_, impl_text, _) = files[1];
        let program = slice_in(impl_text, "public", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            "LIMIT = 4\n\n\nimport re\n\n\ndef clean(word):\n    return re.sub('_', '', word).lower()\n\n\n\
             import re\n\n_clean = clean\n_WORD = re.compile(r'\\w+')\n\n\n\
             def public(text):\n    return [_clean(w)[:LIMIT] for w in _WORD.findall(text)]\n"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
        // Without the package's modules, as before.
        assert_eq!(
            slice(impl_text, "public", Some("pkg"), &facts),
            Err(SkipReason::RelativeImport(".util".into()))
        );
    }

    #[test]
    fn optional_package_imports_fall_back() {
        // boltons: `try: from .typeutils import make_sentinel` / `except ImportError: ...`.
        let source = "try:\n    from .typeutils import make_sentinel\n    _UNSET = make_sentinel('_UNSET')\nexcept ImportError:\n    _UNSET = object()\n\ndef f(x=_UNSET):\n    return x is _UNSET\n";
        let facts = PythonFacts::for_tests(&["ImportError", "object"], &[]);
        assert_eq!(
            slice(source, "f", Some("boltons"), &facts).unwrap(),
            source.replace("\n\ndef", "\n\n\ndef")
        );
    }

    #[test]
    fn package_modules_as_values_and_clashing_names() {
        let files = package();
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["len"], &["re"]);
        let (_, api, _) = files[4];
        // `import pkg.util`, read as `pkg.util.clean`: classes nested as the name is.
        let program = slice_in(api, "mod", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            "import re\n\n\ndef clean(word):\n    return re.sub('_', '', word).lower()\n\n\n\
             class pkg:\n    class util:\n        \
             \"\"\"The module `pkg.util`, as far as this program uses it.\"\"\"\n\n        \
             clean = staticmethod(clean)\n\n\ndef mod(text):\n    return pkg.util.clean(text) + '!'\n"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
        // `import pkg.util as u`, read as `u.clean`; the module itself as a value stays a skip.
        let aliased =
            "import pkg.util as u\n\n\ndef short(text):\n    return u.clean(text) + '?'\n\n\n\
                       def itself():\n    return u\n";
        let mut with_alias = files.clone();
        with_alias.push(("pkg.alias", aliased, Some("pkg")));
        let modules = Modules::new(with_alias.iter().copied());
        let program = slice_in(aliased, "short", Some("pkg"), &facts, &modules).unwrap();
        assert!(
            program.contains("class u:\n    \"\"\"The module `pkg.util`"),
            "{program}"
        );
        assert_eq!(
            slice_in(aliased, "itself", Some("pkg"), &facts, &modules),
            Err(SkipReason::PackageModule("pkg.util".into()))
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
        // `LIMIT` is `pkg.consts.LIMIT` to `_impl`, and rebound in `api`.
        assert_eq!(
            slice_in(api, "shout", Some("pkg"), &facts, &modules),
            Err(SkipReason::NameClash("LIMIT".into()))
        );
        // A module used as a value is a skip; one whose attributes are read becomes a class
        // holding what is read of it.
        let (_, impl_text, _) = files[1];
        assert_eq!(
            slice_in(impl_text, "handle", Some("pkg"), &facts, &modules),
            Err(SkipReason::PackageModule("pkg.util".into()))
        );
        let program = slice_in(impl_text, "whole", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            "import re\n\n\ndef clean(word):\n    return re.sub('_', '', word).lower()\n\n\n\
             class util:\n    \"\"\"The module `pkg.util`, as far as this program uses it.\"\"\"\n\n    \
             clean = staticmethod(clean)\n\n\ndef whole(text):\n    return [util.clean(text)]\n"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn names_a_package_re_exports_with_a_star_import_come_from_their_module() {
        // dateutil: `tz/__init__.py` is `from .tz import *`, and `from dateutil import tz`
        // then `tz.UTC` in the parser.
        let init = "from .zones import *\n\n__all__ = ['UTC', 'utc']\n";
        let zones = "class utc:\n    pass\n\n\nUTC = utc()\n\n\ndef _hidden():\n    return 1\n";
        let iso = "from pkg import tz\nfrom pkg.tz import UTC as Z\n\n\n\
                   def parse(text):\n    return tz.UTC if text == 'Z' else Z\n\n\n\
                   def private():\n    return tz._hidden()\n";
        let files = [
            ("pkg.tz", init, Some("pkg.tz")),
            ("pkg.tz.zones", zones, Some("pkg.tz")),
            ("pkg.iso", iso, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&[], &[]);
        let program = slice_in(iso, "parse", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            "class utc:\n    pass\n\n\nUTC = utc()\n\n\n\
             class tz:\n    \"\"\"The module `pkg.tz`, as far as this program uses it.\"\"\"\n\n    \
             UTC = staticmethod(UTC)\n\n\nZ = UTC\n\n\n\
             def parse(text):\n    return tz.UTC if text == 'Z' else Z\n"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
        // A star import brings only what its module exports.
        assert_eq!(
            slice_in(iso, "private", Some("pkg"), &facts, &modules),
            Err(SkipReason::UnresolvedName("pkg.tz._hidden".into()))
        );
    }

    #[test]
    fn plain_imports_of_two_package_modules_share_their_package_class() {
        // PyMonad: `list.py` has `import pymonad.monad` and `import pymonad.monoid`.
        let monad = "class Monad:\n    def __init__(self, value):\n        self.value = value\n";
        let monoid = "def mconcat(items):\n    return sum(items)\n";
        let list = "import pymonad.monad\nimport pymonad.monoid\n\n\n\
                    def wrap_total(items):\n    \"\"\"The items' total, wrapped.\"\"\"\n    \
                    return pymonad.monad.Monad(pymonad.monoid.mconcat(items) + 1)\n";
        let files = [
            ("pymonad.monad", monad, Some("pymonad")),
            ("pymonad.monoid", monoid, Some("pymonad")),
            ("pymonad.list", list, Some("pymonad")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["sum"], &[]);
        let program = slice_in(list, "wrap_total", Some("pymonad"), &facts, &modules).unwrap();
        assert_eq!(program.matches("class pymonad:").count(), 1, "{program}");
        assert!(
            program.contains("    class monad:\n        \"\"\"The module `pymonad.monad`"),
            "{program}"
        );
        assert!(
            program.contains("        mconcat = staticmethod(mconcat)"),
            "{program}"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn a_star_import_of_a_package_module_brings_what_is_read() {
        // string_utils: `validation.py` reads its patterns through `from ._regex import *`.
        let regex = "import re\n\nNUMBER_RE = re.compile(r'^\\d+$')\nOTHER_RE = re.compile('x')\n";
        let validation = "import json\nfrom ._regex import *\n\n\n\
                          def is_number(text):\n    \"\"\"Whether `text` is digits.\"\"\"\n    \
                          return NUMBER_RE.match(text) is not None and len(text) > 0\n";
        let files = [
            ("pkg._regex", regex, Some("pkg")),
            ("pkg.validation", validation, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["len"], &["re", "json"]);
        let program = slice_in(validation, "is_number", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("NUMBER_RE = re.compile"), "{program}");
        assert!(!program.contains("OTHER_RE"), "{program}");
        assert!(!program.contains("import *"), "{program}");
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn modules_that_import_each_other_are_ordered_by_what_they_read_first() {
        // toolz: `functoolz` ends with `from . import _signatures as _sigs`, and `_signatures`
        // imports from `functoolz`.
        let fz = "def argcount(f):\n    return f.__code__.co_argcount\n\n\n\
                  def is_arity(n, f):\n    return _sigs.arity_of(f) == n\n\n\n\
                  def both(n, f):\n    return argcount(f) == n and is_arity(n, f)\n\n\n\
                  from . import _sigmod as _sigs\n";
        let sigmod = "from .fz import argcount, is_arity\n\n\n\
                      def arity_of(f):\n    return argcount(f)\n\n\n\
                      def check(n, f):\n    return not is_arity(n, f)\n";
        let api = "from ._sigmod import arity_of\nfrom .fz import is_arity\n\n\n\
                   def both(n, f):\n    return is_arity(n, f) and arity_of(f) > 0\n";
        let files = [
            ("pkg.fz", fz, Some("pkg")),
            ("pkg._sigmod", sigmod, Some("pkg")),
            ("pkg.api", api, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&[], &[]);
        let namespace = "class _sigs:\n    \"\"\"The module `pkg._sigmod`, as far as this program uses it.\"\"\"\n\n    \
                         arity_of = staticmethod(arity_of)\n";
        let argcount = "def argcount(f):\n    return f.__code__.co_argcount\n";
        let is_arity = "def is_arity(n, f):\n    return _sigs.arity_of(f) == n\n";
        let arity_of = "def arity_of(f):\n    return argcount(f)\n";
        // `_sigmod` comes first: the namespace stands where its import stood.
        let program = slice_in(sigmod, "check", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            format!(
                "{arity_of}\n\n{argcount}\n\n{is_arity}\n\n{namespace}\n\n\
                     def check(n, f):\n    return not is_arity(n, f)\n"
            )
        );
        // `fz` comes first: the namespace, read only when `is_arity` runs, goes last.
        let program = slice_in(api, "both", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            format!("{argcount}\n\n{is_arity}\n\n{arity_of}\n\n\
                     def both(n, f):\n    return is_arity(n, f) and arity_of(f) > 0\n\n\n{namespace}")
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
        // A target whose module is wanted by another: its definitions there mean the same.
        let program = slice_in(fz, "both", Some("pkg"), &facts, &modules).unwrap();
        let both = "def both(n, f):\n    return argcount(f) == n and is_arity(n, f)\n";
        assert!(
            program.ends_with(&format!("{both}\n\n{namespace}")),
            "{program}"
        );
    }

    #[test]
    fn package_imports_in_function_bodies_are_filled_like_module_level_ones() {
        // pipetools: `debug.get_name` does `from pipetools.main import Pipe` in its body, since
        // `main` imports `get_name` from `debug`.
        let main = "from pkg.utils import describe\n\n\nclass Pipe:\n    \
                    def __init__(self, func):\n        self.func = func\n\n    \
                    def __repr__(self):\n        return describe(self.func)\n";
        let utils = "def describe(f):\n    \"\"\"What `f` is.\"\"\"\n    \
                     from pkg.main import Pipe\n    \
                     return 'pipe' if isinstance(f, Pipe) else f.__name__\n\n\n\
                     def shout(f):\n    return describe(f).upper() + '!'\n";
        let facts = PythonFacts::for_tests(&["isinstance"], &[]);
        let sliced = |utils: &str, target: &str| {
            let files = [
                ("pkg", "", Some("pkg")),
                ("pkg.main", main, Some("pkg")),
                ("pkg.utils", utils, Some("pkg")),
            ];
            let modules = Modules::new(files.iter().copied());
            slice_in(utils, target, Some("pkg"), &facts, &modules)
        };
        let pipe = "class Pipe:\n    def __init__(self, func):\n        self.func = func\n\n    \
                    def __repr__(self):\n        return describe(self.func)\n";
        let describe = "def describe(f):\n    \"\"\"What `f` is.\"\"\"\n    \
                        return 'pipe' if isinstance(f, Pipe) else f.__name__\n";
        // The name is the program's definition now: the import goes, in the target too.
        // `main` wants `describe` of `utils`, the target's module: it comes once, first.
        let shout = "def shout(f):\n    return describe(f).upper() + '!'\n";
        assert_eq!(
            sliced(utils, "shout").unwrap(),
            format!("{describe}\n\n{pipe}\n\n{shout}")
        );
        // Under another name, relative: an alias in its place.
        let aliased = utils
            .replace(
                "from pkg.main import Pipe\n",
                "from .main import Pipe as P\n",
            )
            .replace("isinstance(f, Pipe)", "isinstance(f, P)");
        let program = sliced(&aliased, "shout").unwrap();
        assert!(
            program.contains("\"\"\"What `f` is.\"\"\"\n    P = Pipe\n    return"),
            "{program}"
        );
        // A module imported as an object: a class holding what is read of it, in its place.
        for (import, spelled) in [
            ("import pkg.main", "pkg.main.Pipe"),
            ("from . import main", "main.Pipe"),
        ] {
            let namespace = utils
                .replace("from pkg.main import Pipe", import)
                .replace("isinstance(f, Pipe)", &format!("isinstance(f, {spelled})"));
            let program = sliced(&namespace, "shout").unwrap();
            assert!(program.contains(pipe), "{program}");
            assert!(
                program.contains("        Pipe = staticmethod(Pipe)\n    return 'pipe'"),
                "{program}"
            );
            assert_eq!(benchgen_python::parse_errors(&program), None);
        }
        // A module used as a value stays a skip.
        let value = utils.replace(
            "from pkg.main import Pipe",
            "from pkg.main import Pipe\n    from . import main\n    f = f or main",
        );
        assert_eq!(
            sliced(&value, "shout"),
            Err(SkipReason::PackageModule("pkg.main".into()))
        );
    }

    #[test]
    fn a_package_several_modules_import_as_itself_is_one_class_of_all_they_read() {
        // fnc: `mappings` and `utilities` both `import fnc`, the package whose `__init__`
        // re-exports their functions; `mapkeys` reads `fnc.iteratee`, which reads `fnc.get`.
        let init = "from .maps import get, mapkeys\nfrom .util import (\n    iteratee,\n)\n";
        let util = "import pkg\n\n\ndef iteratee(f):\n    \
                    return f if callable(f) else lambda obj: pkg.get(f, obj)\n";
        let maps = "import pkg\n\n\ndef get(key, obj):\n    return obj[key]\n\n\n\
                    def mapkeys(f, obj):\n    f = pkg.iteratee(f)\n    \
                    return {f(k): v for k, v in obj.items()}\n";
        let files = [
            ("pkg", init, Some("pkg")),
            ("pkg.util", util, Some("pkg")),
            ("pkg.maps", maps, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["callable"], &[]);
        let program = slice_in(maps, "mapkeys", Some("pkg"), &facts, &modules).unwrap();
        let class = |name: &str| program.matches(&format!("class {name}:\n")).count();
        assert_eq!(class("pkg"), 1, "{program}");
        assert!(
            program.ends_with(
                "class pkg:\n    \"\"\"The module `pkg`, as far as this program uses it.\"\"\"\n\n    \
                 get = staticmethod(get)\n    iteratee = staticmethod(iteratee)\n"
            ),
            "{program}"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn a_name_another_module_binds_otherwise_is_renamed_there() {
        // dateutil: `tz.tz` does `import datetime`, `tz._common` `from datetime import datetime`.
        let common = "from datetime import datetime, timedelta\n\n\n\
                      def _start(year):\n    return datetime(year, 1, 1) + timedelta(0)\n";
        let tz = "import datetime\nfrom ._common import _start\n\n\n\
                  def first_day(year):\n    return _start(year).date() + datetime.timedelta(0)\n";
        let files = [
            ("pkg._common", common, Some("pkg")),
            ("pkg.tz", tz, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&[], &["datetime"]);
        let program = slice_in(tz, "first_day", Some("pkg"), &facts, &modules).unwrap();
        assert_eq!(
            program,
            "from datetime import datetime as _common_datetime, timedelta\n\n\n\
             def _start(year):\n    return _common_datetime(year, 1, 1) + timedelta(0)\n\n\n\
             import datetime\n\n\n\
             def first_day(year):\n    return _start(year).date() + datetime.timedelta(0)\n"
        );
        // A name the target's module asks of the other module under an alias: the alias
        // stands for the renamed binding.
        let asks = "import datetime\nfrom ._common import _start, datetime as _dt\n\n\n\
                    def first_day(year):\n    return _dt(year, 1, 1) - datetime.timedelta(0)\n";
        let files = [
            ("pkg._common", common, Some("pkg")),
            ("pkg.tz", asks, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let program = slice_in(asks, "first_day", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("\n_dt = _common_datetime\n"), "{program}");
        assert!(
            program.contains("import datetime as _common_datetime"),
            "{program}"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn modules_that_import_a_renamed_name_read_the_renamed_binding() {
        // parse_type: `builder.TypeBuilder` subclasses `cardinality.TypeBuilder`, which
        // `cardinality_field` imports under its own name; PyMonad reads the base class as
        // `pymonad.either.Either` beside its own `Either`.
        let base = "class Builder:\n    def make(self):\n        return 'base'\n";
        let field = "from pkg.base import Builder\n\n\n\
                     def made():\n    return Builder().make() + '!'\n";
        let own = "from pkg.base import Builder as BaseBuilder\nfrom pkg.field import made\n\n\n\
                   class Builder(BaseBuilder):\n    def make(self):\n        return made() + 'own'\n";
        let files = [
            ("pkg.base", base, Some("pkg")),
            ("pkg.field", field, Some("pkg")),
            ("pkg.own", own, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&[], &[]);
        let program = slice_in(own, "Builder.make", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("class _base_Builder:"), "{program}");
        assert!(
            program.contains("return _base_Builder().make() + '!'"),
            "{program}"
        );
        assert!(
            program.contains("BaseBuilder = _base_Builder\n"),
            "{program}"
        );
        assert!(program.contains("class Builder(BaseBuilder):"), "{program}");
        assert_eq!(benchgen_python::parse_errors(&program), None);

        let qualified = "import pkg.base\n\n\n\
                         class Builder(pkg.base.Builder):\n    def make(self):\n        return 'own'\n";
        let files = [
            ("pkg.base", base, Some("pkg")),
            ("pkg.qualified", qualified, Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let program = slice_in(qualified, "Builder.make", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("class _base_Builder:"), "{program}");
        assert!(
            program.contains("Builder = staticmethod(_base_Builder)\n"),
            "{program}"
        );
        assert!(
            program.contains("class Builder(pkg.base.Builder):"),
            "{program}"
        );
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn implementations_registered_on_a_kept_function_come_along() {
        // lenses: `contains_add` is a `singledispatch` function whose `list` and `set`
        // implementations are `@contains_add.register(...)` definitions nothing else reads.
        let source = "from functools import singledispatch\n\n\n\
                      @singledispatch\ndef grow(state, item):\n    raise NotImplementedError\n\n\n\
                      @grow.register(list)\ndef _(state, item):\n    return state + [item]\n\n\n\
                      @grow.register(str)\ndef _(state, item):\n    return state + str(item)\n\n\n\
                      def unrelated(x):\n    return x\n\n\n\
                      def grown(state, item, times):\n    for _ in range(times):\n        state = grow(state, item)\n    return state\n";
        let facts = PythonFacts::for_tests(
            &["range", "str", "list", "NotImplementedError"],
            &["functools"],
        );
        let program = slice(source, "grown", None, &facts).unwrap();
        assert!(program.contains("@grow.register(list)"), "{program}");
        assert!(program.contains("@grow.register(str)"), "{program}");
        assert!(!program.contains("def unrelated"), "{program}");
        assert_eq!(benchgen_python::parse_errors(&program), None);
    }

    #[test]
    fn the_same_type_variable_in_two_modules_is_one_meaning() {
        // lenses: `S = TypeVar("S")` in `ui`, `ui.base` and `optics.base`.
        let base = "from typing import Generic, TypeVar\n\nS = TypeVar('S')\n\n\n\
                    class Box(Generic[S]):\n    def __init__(self, v: S):\n        self.v = v\n";
        let ui = "from typing import TypeVar\nfrom pkg.base import Box\n\nS = TypeVar('S')\n\n\n\
                  def boxed(v: S) -> S:\n    box = Box(v)\n    return box.v\n";
        let files = [("pkg.base", base, Some("pkg")), ("pkg.ui", ui, Some("pkg"))];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&[], &["typing"]);
        let program = slice_in(ui, "boxed", Some("pkg"), &facts, &modules).unwrap();
        assert!(!program.contains("_base_S"), "{program}");
        assert_eq!(benchgen_python::parse_errors(&program), None);
        // Another binding of the name is still its module's own.
        let other = ui.replace("S = TypeVar('S')", "S = 3");
        let files = [
            ("pkg.base", base, Some("pkg")),
            ("pkg.ui", other.as_str(), Some("pkg")),
        ];
        let modules = Modules::new(files.iter().copied());
        let program = slice_in(&other, "boxed", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("_base_S = TypeVar('S')"), "{program}");
    }

    #[test]
    fn a_table_its_module_fills_at_import_is_bound_to_its_frozen_literal() {
        // nepali-datetime: a calendar read from the package's data file by a `with` block,
        // which a program without the file cannot run.
        let source = "import csv\n\n_DAYS = {}\n\nwith open('days.csv') as table:\n    \
                      for row in csv.reader(table):\n        _DAYS[int(row[0])] = int(row[1])\n\n\
                      _DAYS[0] = 0\n\n\ndef days(year):\n    \"\"\"Days of `year`.\"\"\"\n    \
                      return _DAYS[year]\n";
        let files = [("pkg.cal", source, Some("pkg"))];
        let modules = Modules::new(files.iter().copied());
        let facts = PythonFacts::for_tests(&["open", "int"], &["csv"]);
        let program = slice_in(source, "days", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("_DAYS = {}\n"), "{program}");
        assert!(program.contains("_DAYS[0] = 0"), "{program}");
        let facts = facts.with_frozen("pkg.cal", "_DAYS", "{2000: 366, 0: 0}");
        let program = slice_in(source, "days", Some("pkg"), &facts, &modules).unwrap();
        assert!(program.contains("_DAYS = {2000: 366, 0: 0}\n"), "{program}");
        // What filled it would fill it again.
        assert!(!program.contains("_DAYS[0]"), "{program}");
        assert!(!program.contains("open("), "{program}");
    }

    #[test]
    fn star_imports_may_provide_what_is_missing() {
        let source = "from string import *\n\ndef f(x):\n    return [capwords(x)]\n";
        assert_eq!(
            slice(source, "f", None, &facts()),
            Err(SkipReason::NotStandardLibrary("string".into()))
        );
        let facts = PythonFacts::for_tests(&[], &["string"]);
        assert_eq!(
            slice(source, "f", None, &facts).unwrap(),
            source.replace("*\n\ndef", "*\n\n\ndef")
        );
    }
}
