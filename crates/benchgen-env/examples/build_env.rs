//! Builds one environment through benchgen-env in a fresh cache root and prints how long each
//! step took: lock, cold build (empty uv cache), cache hit, and rebuild after deleting the venv
//! (uv cache warm). Used by `bench/env_build.sh`.
//!
//! `cargo run -p benchgen-env --example build_env -- numpy pandas`

use std::time::Instant;

use benchgen_env::EnvManager;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let requirements: Vec<String> = std::env::args().skip(1).collect();
    let root = tempfile::tempdir()?;
    let manager = EnvManager::new(root.path())?;

    let started = Instant::now();
    let lock = manager.lock(&manager.environment(requirements))?;
    let lock_s = started.elapsed().as_secs_f64();

    let started = Instant::now();
    let built = manager.build(&lock)?;
    let cold_s = started.elapsed().as_secs_f64();

    let started = Instant::now();
    manager.build(&lock)?;
    let hit_s = started.elapsed().as_secs_f64();

    fs_err::remove_dir_all(&built.path)?;
    let started = Instant::now();
    let rebuilt = manager.build(&lock)?;
    let warm_s = started.elapsed().as_secs_f64();
    assert_eq!(
        rebuilt.fingerprint, built.fingerprint,
        "a rebuild changed the fingerprint"
    );

    println!(
        "benchgen-env: lock {lock_s:.2}s, build cold {cold_s:.2}s, cache hit {hit_s:.3}s, rebuild warm {warm_s:.2}s ({} distributions)",
        built.distributions.len()
    );
    Ok(())
}
