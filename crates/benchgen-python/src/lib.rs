//! Python program surgery with a real parser.
//!
//! A benchmark item is cut out of a real Python program: find the target function, hide its body
//! (the prompt), and later put a model's body or whole function back (the candidate program). Doing
//! this with regexes breaks on decorators, nested classes, docstring quote styles and strings that
//! look like code, so every operation here works on a tree-sitter parse tree and on byte offsets
//! into the original text, which it never reformats.
//!
//! - [`find_target`], [`functions`]: where functions are and what they look like.
//! - [`mask`], [`splice_body`], [`splice_solution`]: prompt and candidate programs;
//!   [`nest_function`]: a helper moved into the function that only calls it.
//! - [`imports`], [`count_asserts`], [`test_functions`], [`top_level_names`],
//!   [`remove_main_block`], [`remove_top_level_function`]: facts about and cuts of whole files.
//! - [`top_level_statements`], [`calls`], [`body_shape`], [`raised_names`]: what a function
//!   reaches and how it is called, for cutting it out of its module.
//! - [`parse_errors`]: whether a text parses at all; [`comment_block_start`]: the comments a
//!   statement carries above it.
//! - [`literal_value`]: a pure Python literal as a canonical value; [`expression`] and
//!   [`function_statements`]: the shape of simple checks around literals.
//! - [`rename`]: names changed consistently, by scope, for renamed variants of an item.
//! - [`definition_tree`], [`replace_definition`]: whether a function is still the original one
//!   after a model rewrote the program around it, and putting the original back.
//!
//! No function here runs Python or touches the file system.

mod compare;
mod functions;
pub mod literal;
pub mod mutate;
pub mod rename;
mod scan;
mod slice;
mod splice;
mod syntax;

pub use compare::{definition_tree, replace_definition};
pub use functions::{
    find_target, functions, FunctionInfo, Parameter, ParameterKind, StubAnnotations,
};
pub use literal::{expression, function_statements, literal_value, Argument, Expr, Statement};
pub use scan::{
    count_asserts, imported_modules, imports, remove_main_block, remove_top_level_function,
    test_functions, top_level_names, Import,
};
pub use slice::{
    body_shape, calls, chained_calls, local_imports, raised_names, rename_global,
    replace_local_imports, top_level_statements, BodyShape, Call, LocalImport, StatementKind,
    TopLevelStatement,
};
pub use splice::{mask, nest_function, splice_body, splice_solution, standalone_definition};
pub use syntax::{comment_block_start, parse_errors};

/// Why a surgery could not be done. Each message names the target it was about.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SurgeryError {
    /// No def with this qualified name at module level or directly in a class body.
    #[error("target `{name}` not found; functions defined: {defined}")]
    TargetNotFound { name: String, defined: String },
    /// A model's solution is not valid Python.
    #[error("solution for `{name}` does not parse: {detail}")]
    SolutionSyntax { name: String, detail: String },
    /// A model's solution parses but does not define the target function.
    #[error(
        "solution for `{name}` defines no function `{function}`; functions defined: {defined}"
    )]
    SolutionLacksFunction {
        name: String,
        function: String,
        defined: String,
    },
}
