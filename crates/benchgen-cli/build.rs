//! Marks the tests whose prerequisites this machine lacks (see docs/testing.md).

use benchgen_prereq::Prereq;

fn main() {
    benchgen_prereq::emit(&[
        Prereq::Sandbox,
        Prereq::HumanEval,
        Prereq::SharedData,
        Prereq::Uv,
        Prereq::Python311,
        Prereq::Pypi,
        Prereq::LlamaServer,
        Prereq::Chromium,
        Prereq::Chromedriver,
        Prereq::RedisServer,
    ]);
}
