//! What tells one eval run from another: its name and where it ran.
//!
//! A run's name is `--name`, or one made of the model, every sampling setting and the start time
//! (`smollm2-t0.7-p0.95-n20-s0-mt768-20250101T120000Z`), so that two runs on one dataset never
//! share a name by default and `compare` shows which is which. The name goes into the run's
//! default file names, so it holds only what a file name can.

use std::time::SystemTime;
#[cfg(test)]
use std::time::UNIX_EPOCH;

use serde::{Deserialize, Serialize};

/// The machine a run ran on, as the run file records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Machine {
    pub hostname: String,
    pub os: String,
    pub arch: String,
    pub cpus: usize,
}

impl Machine {
    pub fn this() -> Self {
        let hostname = fs_err::read_to_string("/proc/sys/kernel/hostname")
            .map(|name| name.trim().to_string())
            .unwrap_or_default();
        Self {
            hostname,
            os: std::env::consts::OS.to_string(),
            arch: std::env::consts::ARCH.to_string(),
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// A moment in UTC, as ISO 8601 (`2025-01-01T12:00:00Z`) and in the compact form names use
/// (`20250101T120000Z`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timestamp {
    pub iso: String,
    pub compact: String,
}

impl Timestamp {
    pub fn now() -> Self {
        Self::at(SystemTime::now())
    }

    pub fn at(time: SystemTime) -> Self {
        let iso = humantime::format_rfc3339_seconds(time).to_string();
        let compact = iso.replace(['-', ':'], "");
        Self { iso, compact }
    }

    #[cfg(test)]
    fn from_unix(seconds: u64) -> Self {
        Self::at(UNIX_EPOCH + std::time::Duration::from_secs(seconds))
    }
}

/// `text` with every character a run name may not hold (see `args::valid::name`) replaced by
/// `-`: model names hold `/` and `:` (`org/model:q4`).
pub fn file_name_safe(text: &str) -> String {
    let safe: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+' | '@') {
                c
            } else {
                '-'
            }
        })
        .collect();
    safe.trim_start_matches(['.', '-']).to_string()
}

/// The default name of a sampled run: model, settings, start time.
pub fn default_name(
    model: &str,
    settings: &benchgen_eval::sampling::SamplingOptions,
    started: &Timestamp,
) -> String {
    let mut name = format!(
        "{}-t{}-p{}-n{}-s{}-mt{}-{}",
        file_name_safe(model),
        settings.temperature,
        settings.top_p,
        settings.n,
        settings.seed,
        settings.max_tokens,
        started.compact
    );
    name.truncate(100);
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_times_are_right() {
        assert_eq!(Timestamp::from_unix(0).iso, "1970-01-01T00:00:00Z");
        // 2024-02-29 12:34:56 UTC, a leap day.
        let leap = Timestamp::from_unix(1_709_210_096);
        assert_eq!(leap.iso, "2024-02-29T12:34:56Z");
        assert_eq!(leap.compact, "20240229T123456Z");
        assert_eq!(
            Timestamp::from_unix(1_735_689_599).iso,
            "2024-12-31T23:59:59Z"
        );
    }

    #[test]
    fn names_hold_the_settings_and_only_file_name_characters() {
        let settings = benchgen_eval::sampling::SamplingOptions {
            temperature: 0.2,
            n: 5,
            ..Default::default()
        };
        let name = default_name("org/model:q4", &settings, &Timestamp::from_unix(0));
        assert_eq!(name, "org-model-q4-t0.2-p0.95-n5-s0-mt768-19700101T000000Z");
        let greedy = benchgen_eval::sampling::SamplingOptions {
            temperature: 0.0,
            ..settings
        };
        assert_ne!(
            default_name("org/model:q4", &greedy, &Timestamp::from_unix(0)),
            name
        );
    }
}
