//! Marks the tests whose prerequisites this machine lacks (see docs/testing.md).

use benchgen_prereq::Prereq;

fn main() {
    let mut prereqs = vec![Prereq::Python311, Prereq::SharedData];
    // The PyPI tests are compiled only with this feature; PyPI is probed (a TCP connect) only then.
    if std::env::var_os("CARGO_FEATURE_TEST_PYPI").is_some() {
        prereqs.extend([Prereq::Uv, Prereq::Pypi, Prereq::Root]);
    }
    benchgen_prereq::emit(&prereqs);
}
