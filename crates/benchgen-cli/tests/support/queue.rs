//! A `redis-server` and `benchgen worker`s for the tests that run through a queue; included by
//! `queue.rs` and `env.rs` (`#[path = "support/queue.rs"] mod queue_support;`), each using part.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "s3cret-queue-pw";

/// `benchgen ARGS -q`, waited for.
pub fn benchgen(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_benchgen"))
        .args(args)
        .arg("-q")
        .output()
        .expect("benchgen runs")
}

/// A `redis-server` of its own, with a password and no persistence, killed on drop.
pub struct Redis {
    child: Child,
    port: u16,
    pub url: String,
    dir: tempfile::TempDir,
}

impl Redis {
    pub fn start() -> Redis {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let redis = Redis {
            child: spawn_server(port, dir.path()),
            port,
            url: format!("redis://:{PASSWORD}@127.0.0.1:{port}/0"),
            dir,
        };
        redis.wait_until_up();
        redis
    }

    /// Kills the server with SIGKILL and starts a fresh one on the same port: everything it held
    /// is gone, as after a crash of a Redis without persistence.
    pub fn restart_empty(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        self.child = spawn_server(self.port, self.dir.path());
        self.wait_until_up();
    }

    fn wait_until_up(&self) {
        let started = Instant::now();
        while !benchgen(&["queue", "status", &self.url]).status.success() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "redis-server did not come up"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The line of `benchgen queue status` about worker `name`.
    pub fn worker_line(&self, name: &str) -> Option<String> {
        let output = benchgen(&["queue", "status", &self.url]);
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .map(str::to_string)
    }

    /// `N` in the `N <what>` of worker `name`'s status line.
    pub fn worker_count(&self, name: &str, what: &str) -> u64 {
        let Some(line) = self.worker_line(name) else {
            return 0;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        words
            .windows(2)
            .find(|w| w[1].trim_end_matches(',') == what)
            .map_or(0, |w| w[0].parse().unwrap())
    }

    pub fn status(&self) -> String {
        String::from_utf8_lossy(&benchgen(&["queue", "status", &self.url]).stdout).into_owned()
    }
}

fn spawn_server(port: u16, dir: &Path) -> Child {
    Command::new("/usr/bin/redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args([
            "--save",
            "",
            "--appendonly",
            "no",
            "--requirepass",
            PASSWORD,
        ])
        .arg("--dir")
        .arg(dir)
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server starts")
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A `benchgen worker` process, killed on drop.
pub struct Worker(Child);

impl Worker {
    pub fn start(redis: &Redis, name: &str, extra: &[&str], log: &Path) -> Worker {
        Worker::start_in(redis, name, extra, log, &[])
    }

    /// [`Worker::start`] with these environment variables set.
    pub fn start_in(
        redis: &Redis,
        name: &str,
        extra: &[&str],
        log: &Path,
        vars: &[(&str, &Path)],
    ) -> Worker {
        let child = Command::new(env!("CARGO_BIN_EXE_benchgen"))
            .args([
                "worker", "--queue", &redis.url, "--name", name, "--jobs", "1",
            ])
            .args(extra)
            .envs(vars.iter().copied())
            .stderr(fs_err::File::create(log).unwrap().into_parts().0)
            .spawn()
            .expect("benchgen worker starts");
        Worker(child)
    }

    pub fn kill_9(&mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
