//! Marks the tests whose prerequisites this machine lacks (see docs/testing.md).

use benchgen_prereq::Prereq;

fn main() {
    benchgen_prereq::emit(&[Prereq::Sandbox, Prereq::LlamaServer]);
}
