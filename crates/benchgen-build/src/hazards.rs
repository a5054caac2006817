//! Names whose use means a function cannot be tested honestly in a sandbox: it touches files,
//! the network, processes, threads, a GUI, unseeded randomness, the clock, the environment, or
//! the interpreter's own machinery (the probe traces and times calls itself).
//!
//! Matching is on fully qualified dotted names (`os.remove`, `datetime.datetime.now`) after the
//! slicer has resolved import aliases, so `from os import remove as rm; rm(p)` is caught and a
//! parameter called `time` is not.
//!
//! Unseeded chance and waits (`uuid.uuid1`, `random.choice`, `time.sleep`) that a function's
//! body calls are no skip: the probe guards them ([`find_unguarded`]) and tests the function
//! on the inputs that do not reach them.

use crate::report::HazardKind;

/// `(prefix, kind)`: a name matches when it equals the prefix or continues it after a dot. A
/// prefix ending in `*` matches any continuation (`os.exec*` for `os.execv`).
const HAZARDS: &[(&str, HazardKind)] = &[
    ("open", HazardKind::FileSystem),
    ("io.open", HazardKind::FileSystem),
    ("__file__", HazardKind::FileSystem),
    ("os.remove", HazardKind::FileSystem),
    ("os.unlink", HazardKind::FileSystem),
    ("os.rename", HazardKind::FileSystem),
    ("os.renames", HazardKind::FileSystem),
    ("os.replace", HazardKind::FileSystem),
    ("os.mkdir", HazardKind::FileSystem),
    ("os.makedirs", HazardKind::FileSystem),
    ("os.rmdir", HazardKind::FileSystem),
    ("os.removedirs", HazardKind::FileSystem),
    ("os.listdir", HazardKind::FileSystem),
    ("os.scandir", HazardKind::FileSystem),
    ("os.walk", HazardKind::FileSystem),
    ("os.stat", HazardKind::FileSystem),
    ("os.lstat", HazardKind::FileSystem),
    ("os.chmod", HazardKind::FileSystem),
    ("os.chown", HazardKind::FileSystem),
    ("os.link", HazardKind::FileSystem),
    ("os.symlink", HazardKind::FileSystem),
    ("os.readlink", HazardKind::FileSystem),
    ("os.truncate", HazardKind::FileSystem),
    ("os.open", HazardKind::FileSystem),
    ("os.chdir", HazardKind::FileSystem),
    ("os.getcwd", HazardKind::FileSystem),
    ("os.access", HazardKind::FileSystem),
    ("os.utime", HazardKind::FileSystem),
    ("os.path.exists", HazardKind::FileSystem),
    ("os.path.lexists", HazardKind::FileSystem),
    ("os.path.isfile", HazardKind::FileSystem),
    ("os.path.isdir", HazardKind::FileSystem),
    ("os.path.islink", HazardKind::FileSystem),
    ("os.path.ismount", HazardKind::FileSystem),
    ("os.path.getsize", HazardKind::FileSystem),
    ("os.path.getmtime", HazardKind::FileSystem),
    ("os.path.getatime", HazardKind::FileSystem),
    ("os.path.getctime", HazardKind::FileSystem),
    ("os.path.samefile", HazardKind::FileSystem),
    ("os.path.realpath", HazardKind::FileSystem),
    ("os.path.abspath", HazardKind::FileSystem),
    ("os.path.expanduser", HazardKind::Environment),
    ("os.path.expandvars", HazardKind::Environment),
    ("shutil", HazardKind::FileSystem),
    ("tempfile", HazardKind::FileSystem),
    ("glob", HazardKind::FileSystem),
    ("pathlib", HazardKind::FileSystem),
    ("fileinput", HazardKind::FileSystem),
    ("filecmp", HazardKind::FileSystem),
    ("linecache", HazardKind::FileSystem),
    ("sqlite3", HazardKind::FileSystem),
    ("shelve", HazardKind::FileSystem),
    ("dbm", HazardKind::FileSystem),
    ("mmap", HazardKind::FileSystem),
    ("socket", HazardKind::Network),
    ("ssl", HazardKind::Network),
    ("select", HazardKind::Network),
    ("selectors", HazardKind::Network),
    ("socketserver", HazardKind::Network),
    ("urllib.request", HazardKind::Network),
    ("http.client", HazardKind::Network),
    ("http.server", HazardKind::Network),
    ("ftplib", HazardKind::Network),
    ("smtplib", HazardKind::Network),
    ("poplib", HazardKind::Network),
    ("imaplib", HazardKind::Network),
    ("telnetlib", HazardKind::Network),
    ("nntplib", HazardKind::Network),
    ("xmlrpc", HazardKind::Network),
    ("webbrowser", HazardKind::Network),
    ("requests", HazardKind::Network),
    ("subprocess", HazardKind::Process),
    ("multiprocessing", HazardKind::Process),
    ("pty", HazardKind::Process),
    ("signal", HazardKind::Process),
    ("os.system", HazardKind::Process),
    ("os.popen", HazardKind::Process),
    ("os.fork", HazardKind::Process),
    ("os.kill", HazardKind::Process),
    ("os.killpg", HazardKind::Process),
    ("os._exit", HazardKind::Process),
    ("os.abort", HazardKind::Process),
    ("os.exec*", HazardKind::Process),
    ("os.spawn*", HazardKind::Process),
    ("os.posix_spawn*", HazardKind::Process),
    ("sys.exit", HazardKind::Process),
    ("exit", HazardKind::Process),
    ("quit", HazardKind::Process),
    ("atexit", HazardKind::Process),
    // Uses, not the import: a lock or the current thread's id is single-threaded code too.
    ("threading.*", HazardKind::Threads),
    ("_thread.*", HazardKind::Threads),
    ("concurrent", HazardKind::Threads),
    ("asyncio", HazardKind::Threads),
    ("sched", HazardKind::Threads),
    ("tkinter", HazardKind::Gui),
    ("turtle", HazardKind::Gui),
    ("curses", HazardKind::Gui),
    ("idlelib", HazardKind::Gui),
    ("random.*", HazardKind::Randomness),
    ("secrets", HazardKind::Randomness),
    ("os.urandom", HazardKind::Randomness),
    ("os.getrandom", HazardKind::Randomness),
    ("uuid.uuid1", HazardKind::Randomness),
    ("uuid.uuid4", HazardKind::Randomness),
    // The wall clock (`time.time`, `time.localtime()`, `time.strftime(f)`) is frozen in the
    // sandbox (runner.py's FROZEN_NOW); durations are real, and datetime's `now` reads the
    // system clock in C, past the freeze.
    ("time.monotonic", HazardKind::Time),
    ("time.monotonic_ns", HazardKind::Time),
    ("time.perf_counter", HazardKind::Time),
    ("time.perf_counter_ns", HazardKind::Time),
    ("time.process_time", HazardKind::Time),
    ("time.thread_time", HazardKind::Time),
    ("time.sleep", HazardKind::Time),
    ("datetime.datetime.now", HazardKind::Time),
    ("datetime.datetime.today", HazardKind::Time),
    ("datetime.datetime.utcnow", HazardKind::Time),
    ("datetime.date.today", HazardKind::Time),
    ("input", HazardKind::Environment),
    ("breakpoint", HazardKind::Environment),
    ("getpass", HazardKind::Environment),
    ("os.environ", HazardKind::Environment),
    ("os.environb", HazardKind::Environment),
    ("os.getenv", HazardKind::Environment),
    ("os.putenv", HazardKind::Environment),
    ("os.getpid", HazardKind::Environment),
    ("os.getlogin", HazardKind::Environment),
    ("sys.stdin", HazardKind::Environment),
    ("sys.argv", HazardKind::Environment),
    ("sys.settrace", HazardKind::Introspection),
    ("sys.setprofile", HazardKind::Introspection),
    ("sys.setrecursionlimit", HazardKind::Introspection),
    ("sys.getrefcount", HazardKind::Introspection),
    ("gc", HazardKind::Introspection),
    ("tracemalloc", HazardKind::Introspection),
    ("faulthandler", HazardKind::Introspection),
];

/// Names of the standard library that are fine even under a hazardous prefix: seeded
/// randomness; locks, thread ids and thread-local storage, which a single-threaded run uses
/// deterministically (humanize keeps its active translation in a `threading.local`); reading
/// an environment variable, which the sandbox clears (`--clearenv`), so the default is read
/// every time.
///
/// Reading the call stack (`inspect.stack`, `inspect.currentframe`, `sys._getframe`) is no
/// hazard either: deprecation decorators name their caller in a warning, error paths collect
/// frames they never use. What a reference does with its caller's frame would differ between
/// the probe and the tests, and the build's verification, which runs the reference through
/// both, skips such an item.
const ALLOWED: &[&str] = &[
    "os.environ.get",
    "os.getenv",
    "random.Random",
    "random.seed",
    "threading.get_ident",
    "threading.Lock",
    "threading.RLock",
    "threading.local",
    "_thread.get_ident",
    "_thread.allocate_lock",
    "_thread.RLock",
];

/// Hazards the probe guards where a function calls them (probe.py's `GUARDED`): unseeded
/// chance and waiting on the clock, which the program's namespace reaches through names the
/// probe can replace (`datetime.datetime.now` is a method of a built-in type, which it cannot).
/// A call that reaches one raises there and is no case; a function that calls one on some
/// inputs only (a fresh identifier where none is given, a wait before a retry) is tested on
/// the others. Names read at import are still hazards: they run before any guard.
const GUARDED: &[&str] = &[
    "random.*",
    "secrets",
    "os.urandom",
    "os.getrandom",
    "uuid.uuid1",
    "uuid.uuid4",
    "time.sleep",
    "time.monotonic*",
    "time.perf_counter*",
    "time.process_time*",
    "time.thread_time*",
];

/// The first hazard among fully qualified names, in their order.
pub(crate) fn find<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<(HazardKind, String)> {
    names
        .into_iter()
        .filter(|name| !ALLOWED.iter().any(|allowed| matches(allowed, name)))
        .find_map(|name| {
            HAZARDS
                .iter()
                .find(|(prefix, _)| matches(prefix, name))
                .map(|&(_, kind)| (kind, name.to_string()))
        })
}

/// [`find`], but for the hazards the probe guards (see [`GUARDED`]): those of names that a
/// function's body reads.
pub(crate) fn find_unguarded<'a>(
    names: impl IntoIterator<Item = &'a str>,
) -> Option<(HazardKind, String)> {
    find(
        names
            .into_iter()
            .filter(|name| !GUARDED.iter().any(|guarded| matches(guarded, name))),
    )
}

fn matches(prefix: &str, name: &str) -> bool {
    match prefix.strip_suffix('*') {
        // `os.exec*` matches every `os.exec...`; `random.*` every use of the module but not
        // its import, since `random.Random(seed)` is fine.
        Some(stem) => name.starts_with(stem),
        None => {
            name == prefix
                || name
                    .strip_prefix(prefix)
                    .is_some_and(|rest| rest.starts_with('.'))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualified_names_match_by_component() {
        assert_eq!(
            find(["os.path.join", "open"]),
            Some((HazardKind::FileSystem, "open".into()))
        );
        assert_eq!(find(["os.path.join", "opener"]), None);
        assert_eq!(
            find(["os.execvp"]),
            Some((HazardKind::Process, "os.execvp".into()))
        );
        assert_eq!(find(["random"]), None);
        assert_eq!(
            find(["random.choice"]),
            Some((HazardKind::Randomness, "random.choice".into()))
        );
        assert_eq!(
            find(["datetime.datetime.now"]),
            Some((HazardKind::Time, "datetime.datetime.now".into()))
        );
        assert_eq!(find(["datetime.datetime.strptime", "time.strptime"]), None);
        assert_eq!(
            find(["inspect.currentframe", "inspect.stack", "sys._getframe"]),
            None
        );
        assert_eq!(find(["os.environ.get", "os.getenv"]), None);
        assert_eq!(
            find(["os.environ.setdefault"]),
            Some((HazardKind::Environment, "os.environ.setdefault".into()))
        );
        assert_eq!(
            find(["sys.settrace"]),
            Some((HazardKind::Introspection, "sys.settrace".into()))
        );
        // The sandbox freezes the wall clock, not durations.
        assert_eq!(find(["time.localtime", "time.time", "time.strftime"]), None);
        assert_eq!(
            find(["time.perf_counter"]),
            Some((HazardKind::Time, "time.perf_counter".into()))
        );
        assert_eq!(
            find(["subprocess.run"]),
            Some((HazardKind::Process, "subprocess.run".into()))
        );
        assert_eq!(find(["urllib.parse.quote"]), None);
    }

    #[test]
    fn locks_and_thread_ids_are_not_threads() {
        // sortedcontainers' `recursive_repr` reads `_thread.get_ident`.
        assert_eq!(
            find(["_thread", "_thread.get_ident", "threading.RLock"]),
            None
        );
        assert_eq!(
            find(["threading", "threading.Thread"]),
            Some((HazardKind::Threads, "threading.Thread".into()))
        );
        assert!(find(["_thread.start_new_thread"]).is_some());
        assert_eq!(find(["threading", "threading.local"]), None);
    }

    #[test]
    fn chance_and_waits_are_left_to_the_probe_in_function_bodies() {
        assert_eq!(
            find_unguarded(["uuid.uuid1", "random.randint", "time.sleep"]),
            None
        );
        assert_eq!(find_unguarded(["os.urandom", "time.perf_counter_ns"]), None);
        assert_eq!(
            find_unguarded(["random.choice", "datetime.datetime.now"]),
            Some((HazardKind::Time, "datetime.datetime.now".into()))
        );
        assert_eq!(
            find_unguarded(["os.remove"]),
            Some((HazardKind::FileSystem, "os.remove".into()))
        );
        assert!(find(["uuid.uuid4"]).is_some());
    }

    #[test]
    fn seeded_randomness_is_allowed() {
        assert_eq!(find(["random.Random"]), None);
        assert!(find(["random.Random", "random.random"]).is_some());
    }
}
