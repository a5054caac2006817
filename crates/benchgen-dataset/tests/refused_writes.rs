//! What a stop signal's thread sees of writes in progress: after `refuse_writes` and
//! `remove_partial_writes`, no temporary file is left for `exit` to strand, whether the write
//! began before the stop or after it. Its own test binary, since refusing writes is for the
//! whole process.

use std::path::Path;
use std::sync::mpsc;

use benchgen_dataset::atomic::{refuse_writes, remove_partial_writes, write_atomic, write_text};

fn partial_files(folder: &Path) -> Vec<String> {
    std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".partial"))
        .collect()
}

#[test]
fn a_stop_leaves_no_temporary_file_and_puts_nothing_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results.jsonl");
    write_text(&results, "good\n").unwrap();

    // A write under way when the stop comes: it has its temporary file, and waits.
    let (started, wait_started) = mpsc::channel();
    let (go_on, wait_go_on) = mpsc::channel::<()>();
    let writing = {
        let results = results.clone();
        std::thread::spawn(move || {
            write_atomic(&results, |writer| {
                writer.write_all(b"half")?;
                started.send(()).unwrap();
                wait_go_on.recv().unwrap();
                writer.write_all(b" and the rest\n")
            })
        })
    };
    wait_started.recv().unwrap();
    assert_eq!(partial_files(dir.path()).len(), 1, "the write has begun");

    refuse_writes();
    remove_partial_writes();
    assert_eq!(
        partial_files(dir.path()),
        Vec::<String>::new(),
        "what exit would strand is gone while the writer still runs"
    );

    // A write asked for after the stop creates nothing at all.
    let later = dir.path().join("later.jsonl");
    let error = write_atomic(&later, |_| panic!("a refused write is never begun")).unwrap_err();
    assert!(error.to_string().contains("interrupted"), "{error}");
    assert!(!later.exists());

    go_on.send(()).unwrap();
    let error = writing.join().unwrap().unwrap_err();
    assert!(error.to_string().contains("interrupted"), "{error}");
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "good\n");
    assert_eq!(partial_files(dir.path()), Vec::<String>::new());
}
