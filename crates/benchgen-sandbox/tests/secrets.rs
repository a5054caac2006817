//! The host environment does not reach the program: a secret set in this process is invisible
//! in the sandbox, through `os.environ` and through every `/proc/*/environ`.
//!
//! A binary of its own: the variable is set before any other thread exists.

mod common;

use benchgen_sandbox::{run_cold, Executor, Verdict};

use common::prereq::{require, Prereq};
use common::{config, fixture};

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn host_secrets_stay_out() {
    require(&[Prereq::Sandbox]);
    // SAFETY (edition 2024 wording): this is the only test of this binary, so no other thread
    // reads the environment concurrently.
    std::env::set_var("OPENAI_API_KEY", "secret");
    let config = config(1);
    let request = fixture("environment.py");
    let warm = Executor::new(config.clone()).unwrap().run(&request);
    assert_eq!(warm.verdict, Verdict::Passed, "{warm:#?}");
    let cold = run_cold(&config, &request).unwrap();
    assert_eq!(cold.verdict, Verdict::Passed, "{cold:#?}");
}
