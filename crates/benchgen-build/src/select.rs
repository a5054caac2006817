//! Which functions are worth an item.
//!
//! A target must do something a test can observe from its arguments and return value:
//! parameters, a `return <expression>`; whether a one-line hand-off to another function has a
//! real body is the slice's to say (it can bring the callee along). Tests, private helpers,
//! setters and abstract stubs are not what people would ask a model to write. Static and
//! class methods are called through their class. Instance methods (`allow_methods`) are called
//! on a receiver: the model-free build's probe builds it from the class's constructor, a
//! model-driven build's model writes the setup; since the receiver is an input and what the
//! method does to it is observable, a method needs neither parameters nor a return value.
//! A property getter (`allow_methods`) is read on a receiver built the same way: what it
//! computes from the receiver's state is its value, which it must return.

use benchgen_python::{FunctionInfo, ParameterKind};

use crate::report::SkipReason;

/// How the tests call a selected function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callable {
    /// `f(...)`.
    Function,
    /// `Class.f(...)`, a `@staticmethod`.
    StaticMethod,
    /// `Class.f(...)`, a `@classmethod`: its first parameter is bound by Python.
    ClassMethod,
    /// `obj.f(...)` on an instance that setup code builds first (only with `allow_methods`).
    Method,
    /// `obj.f`, a `@property` (or `cached_property`) getter read on an instance built as for
    /// [`Callable::Method`] (only with `allow_methods`).
    Property,
}

impl Callable {
    /// Leading parameters Python binds itself (`cls`, `self`): callers never pass them.
    pub fn bound_parameters(self) -> usize {
        usize::from(matches!(
            self,
            Callable::ClassMethod | Callable::Method | Callable::Property
        ))
    }

    /// Whether the tests call it on a receiver they build first.
    pub fn on_receiver(self) -> bool {
        matches!(self, Callable::Method | Callable::Property)
    }
}

/// Decorators that make a getter read as an attribute.
const PROPERTIES: [&str; 2] = ["property", "cached_property"];

/// Decorators that leave no plain function to test.
const NOT_PLAIN: [&str; 4] = ["abstractmethod", "overload", "setter", "deleter"];

/// The last part of each decorator's callee: `lru_cache` for `@functools.lru_cache(3)`.
fn decorator_names(function: &FunctionInfo) -> Vec<String> {
    let last_part = |decorator: &str| {
        let callee = decorator.split('(').next().unwrap_or(decorator);
        callee
            .rsplit('.')
            .next()
            .unwrap_or(callee)
            .trim()
            .to_string()
    };
    function.decorators.iter().map(|d| last_part(d)).collect()
}

/// The decorator that makes `function` a property getter (`property`, `cached_property`).
pub fn property_decorator(function: &FunctionInfo) -> Option<&'static str> {
    property_among(&decorator_names(function))
}

fn property_among(decorators: &[String]) -> Option<&'static str> {
    PROPERTIES
        .into_iter()
        .find(|p| decorators.iter().any(|d| d == p))
}

/// Whether `function` is what CodeSearchNet (and the reach measure, `benches/reach.py`) counts
/// as a function to benchmark: documented, at least three lines, a module-level function or a
/// method of a module-level class, neither a test nor a dunder. Reach is items over these.
pub fn is_candidate(function: &FunctionInfo) -> bool {
    let name = function.name.as_str();
    let span = &function.target.span;
    function.docstring.is_some()
        && span.end_line + 1 >= span.start_line + 3
        && function.class_path.len() <= 1
        && !name.starts_with("test")
        && !(name.starts_with("__") && name.ends_with("__"))
}

/// Whether `function` is worth an item; `requested` marks a function the user named, which may
/// be private; `allow_methods` accepts instance methods (as [`Callable::Method`]).
pub fn select(
    function: &FunctionInfo,
    source: &str,
    in_test_file: bool,
    in_private_module: bool,
    include_private: bool,
    requested: bool,
    allow_methods: bool,
) -> Result<Callable, SkipReason> {
    let name = function.name.as_str();
    if in_test_file || name.starts_with("test_") || name == "test" {
        return Err(SkipReason::Test);
    }
    if name.starts_with("__") && name.ends_with("__") {
        return Err(SkipReason::Dunder);
    }
    let private = in_private_module
        || name.starts_with('_')
        || function.class_path.iter().any(|c| c.starts_with('_'));
    if private && !include_private && !requested {
        return Err(SkipReason::Private);
    }
    let decorators = decorator_names(function);
    if let Some(decorator) = decorators.iter().find(|d| NOT_PLAIN.contains(&d.as_str())) {
        return Err(SkipReason::NotPlainFunction(decorator.clone()));
    }
    let has = |name: &str| decorators.iter().any(|d| d == name);
    let property = property_among(&decorators);
    let callable = match (function.is_method, property) {
        (true, Some(_)) if allow_methods => Callable::Property,
        (_, Some(property)) => return Err(SkipReason::NotPlainFunction(property.into())),
        (false, None) => Callable::Function,
        (true, None) if has("staticmethod") => Callable::StaticMethod,
        (true, None) if has("classmethod") => Callable::ClassMethod,
        (true, None) if allow_methods => Callable::Method,
        (true, None) => return Err(SkipReason::InstanceMethod),
    };
    if function.is_async {
        return Err(SkipReason::Async);
    }
    let bound = callable.bound_parameters();
    let parameters = function
        .parameters
        .iter()
        .skip(bound)
        .filter(|p| p.kind != ParameterKind::KwArgs);
    // A method's receiver is an input too, and what it does to the receiver is observable.
    if parameters.count() == 0 && !callable.on_receiver() {
        return Err(SkipReason::NoParameters);
    }
    let shape = benchgen_python::body_shape(source, &function.target).unwrap_or_default();
    // A generator's result is what it yields: the probe lists it (bounded), like any lazy
    // result, and the tests compare the lists.
    // A property shows what it does in its value only.
    if !shape.returns_value && !shape.yields && callable != Callable::Method {
        return Err(SkipReason::NoReturnValue);
    }
    // A one-line hand-off (`shape.delegates`) is the slice's to judge: it nests the callee into
    // the target where it can, and skips the rest as `Delegation` (`slicing::slice_in`).
    Ok(callable)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "\
import abc

def wrap(text, width=70):
    \"\"\"Wraps.\"\"\"
    lines = text.split()
    return [w for w in lines if len(w) < width]

def fill(text, width=70):
    return wrap(text, width=width)

def _helper(x):
    return x * 2

def test_wrap():
    assert wrap('a')

def no_args():
    return 42

def log(message):
    print(message)

def pairs(items):
    for item in items:
        yield item, item

async def fetch(url):
    return url + '!'

class Shape(abc.ABC):
    def __init__(self, sides):
        self.sides = sides

    def area(self, scale):
        return self.sides * scale

    def grow(self, extra):
        self.sides += extra

    def perimeter(self):
        return self.sides * 2

    @staticmethod
    def parse(text):
        return Shape(int(text.strip()))

    @classmethod
    def square(cls, side):
        return cls(side * 4)

    @classmethod
    def empty(cls):
        return cls(0)

    @property
    def count(self):
        return self.sides * 2

    @property
    def label(self):
        return self.name

    @abc.abstractmethod
    def draw(self, canvas):
        return canvas
";

    fn verdict(name: &str) -> Result<Callable, SkipReason> {
        let function = benchgen_python::functions(SOURCE)
            .into_iter()
            .find(|f| f.qualified_name == name)
            .unwrap();
        select(&function, SOURCE, false, false, false, false, false)
    }

    #[test]
    fn functions_worth_an_item() {
        assert_eq!(verdict("wrap"), Ok(Callable::Function));
        assert_eq!(verdict("Shape.parse"), Ok(Callable::StaticMethod));
        assert_eq!(verdict("Shape.square"), Ok(Callable::ClassMethod));
    }

    #[test]
    fn instance_methods_when_a_model_builds_the_instance() {
        let area = benchgen_python::functions(SOURCE)
            .into_iter()
            .find(|f| f.qualified_name == "Shape.area")
            .unwrap();
        assert_eq!(
            select(&area, SOURCE, false, false, false, false, true),
            Ok(Callable::Method)
        );
        assert_eq!(Callable::Method.bound_parameters(), 1);
        // The receiver is an input, and what a method does to it is observable: methods
        // without parameters or without a return value are kept.
        for name in ["Shape.grow", "Shape.perimeter"] {
            let method = benchgen_python::functions(SOURCE)
                .into_iter()
                .find(|f| f.qualified_name == name)
                .unwrap();
            assert_eq!(
                select(&method, SOURCE, false, false, false, false, true),
                Ok(Callable::Method),
                "{name}"
            );
        }
        assert_eq!(Callable::StaticMethod.bound_parameters(), 0);
        // A property is read on a receiver.
        let select_method = |name: &str| {
            let function = benchgen_python::functions(SOURCE)
                .into_iter()
                .find(|f| f.qualified_name == name)
                .unwrap();
            select(&function, SOURCE, false, false, false, false, true)
        };
        assert_eq!(select_method("Shape.count"), Ok(Callable::Property));
        // One that only returns an attribute is the slice's to skip (a delegation).
        assert_eq!(select_method("Shape.label"), Ok(Callable::Property));
        assert_eq!(Callable::Property.bound_parameters(), 1);
    }

    #[test]
    fn every_skip_has_its_reason() {
        // The slice nests `wrap` into it, or skips it as a delegation.
        assert_eq!(verdict("fill"), Ok(Callable::Function));
        assert_eq!(verdict("_helper"), Err(SkipReason::Private));
        assert_eq!(verdict("test_wrap"), Err(SkipReason::Test));
        assert_eq!(verdict("no_args"), Err(SkipReason::NoParameters));
        assert_eq!(verdict("log"), Err(SkipReason::NoReturnValue));
        assert_eq!(verdict("pairs"), Ok(Callable::Function));
        assert_eq!(verdict("fetch"), Err(SkipReason::Async));
        assert_eq!(verdict("Shape.__init__"), Err(SkipReason::Dunder));
        assert_eq!(verdict("Shape.area"), Err(SkipReason::InstanceMethod));
        assert_eq!(verdict("Shape.empty"), Err(SkipReason::NoParameters));
        assert_eq!(
            verdict("Shape.count"),
            Err(SkipReason::NotPlainFunction("property".into()))
        );
        assert_eq!(
            verdict("Shape.draw"),
            Err(SkipReason::NotPlainFunction("abstractmethod".into()))
        );
    }

    #[test]
    fn private_functions_when_asked() {
        let function = benchgen_python::functions(SOURCE)
            .into_iter()
            .find(|f| f.name == "_helper")
            .unwrap();
        assert_eq!(
            select(&function, SOURCE, false, false, true, false, false),
            Ok(Callable::Function)
        );
        assert_eq!(
            select(&function, SOURCE, false, false, false, true, false),
            Ok(Callable::Function)
        );
        assert_eq!(
            select(&function, SOURCE, true, false, true, true, false),
            Err(SkipReason::Test)
        );
    }
}
