//! Thin wrappers over the few system calls std does not offer: close-on-exec pipes, memfds,
//! non-blocking reads and sends, and a poll that gives up at a deadline (the watchdog on a
//! server that stopped answering).

use std::ffi::CStr;
use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::Instant;

/// A pipe whose ends are close-on-exec: a sandbox must not inherit another sandbox's pipes.
pub fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `fds` is a valid two-int buffer; on success both fds are new and owned by us.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: just created above and not owned by anything else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A connected pair of close-on-exec stream sockets. Used for requests instead of a pipe because
/// `send` can be told not to raise SIGPIPE when the server is gone: a host program that restored
/// the default SIGPIPE action (common in CLIs) would otherwise die with its sandbox.
pub fn socketpair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: `fds` is a valid two-int buffer; on success both fds are new and owned by us.
    let rc = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if rc != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: just created above and not owned by anything else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// An anonymous in-memory file holding `data`, positioned at its start (bwrap's
/// `--ro-bind-data` reads from the current offset).
pub fn memfd(name: &CStr, data: &[u8]) -> io::Result<File> {
    // SAFETY: `name` is a valid C string; the fd is new and owned by the returned File.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd was just created and is owned by nothing else.
    let mut file = unsafe { File::from_raw_fd(fd) };
    file.write_all(data)?;
    file.seek(SeekFrom::Start(0))?;
    Ok(file)
}

pub fn set_nonblocking(fd: &impl AsRawFd) -> io::Result<()> {
    let fd = fd.as_raw_fd();
    // SAFETY: fcntl on an fd we own, with flag arguments only.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Why a deadline-bound read or write did not complete.
#[derive(Debug)]
pub enum Stall {
    /// The deadline passed.
    Timeout,
    /// The other end closed (EOF on read, EPIPE on write).
    Closed,
    Io(io::Error),
}

/// Waits until one of `fds` is ready for its events or the deadline passes; each entry's
/// `revents` then says what it is ready for.
pub fn poll_until(fds: &mut [libc::pollfd], deadline: Instant) -> Result<(), Stall> {
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(Stall::Timeout);
        }
        // Rounded up, so that we never spin on a zero-millisecond timeout.
        let ms = (remaining.as_micros().div_ceil(1000)).min(i32::MAX as u128) as i32;
        // SAFETY: a valid, writable array of `fds.len()` pollfds.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if n > 0 {
            return Ok(());
        }
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(Stall::Io(err));
            }
        }
    }
}

/// Sends what a non-blocking stream socket takes now, without SIGPIPE; returns the number of
/// bytes sent (0 when its buffer is full).
pub fn send_some(fd: &impl AsRawFd, data: &[u8]) -> Result<usize, Stall> {
    // SAFETY: sends from a valid slice.
    let n = unsafe {
        libc::send(
            fd.as_raw_fd(),
            data.as_ptr().cast(),
            data.len(),
            libc::MSG_NOSIGNAL,
        )
    };
    if n >= 0 {
        return Ok(n as usize);
    }
    let err = io::Error::last_os_error();
    match err.raw_os_error() {
        Some(libc::EAGAIN) | Some(libc::EINTR) => Ok(0),
        Some(libc::EPIPE) => Err(Stall::Closed),
        _ => Err(Stall::Io(err)),
    }
}

/// Appends what a non-blocking fd holds now to `buffer` (nothing if it holds nothing yet);
/// `Closed` at EOF.
pub fn read_some(fd: &impl AsRawFd, buffer: &mut Vec<u8>) -> Result<(), Stall> {
    const CHUNK: usize = 64 << 10;
    buffer.reserve(CHUNK);
    let spare = buffer.spare_capacity_mut();
    // SAFETY: reads into the buffer's spare capacity, at most its length.
    let n = unsafe { libc::read(fd.as_raw_fd(), spare.as_mut_ptr().cast(), spare.len()) };
    match n {
        0 => Err(Stall::Closed),
        n if n > 0 => {
            // SAFETY: the kernel initialized the first `n` spare bytes.
            unsafe { buffer.set_len(buffer.len() + n as usize) };
            Ok(())
        }
        _ => {
            let err = io::Error::last_os_error();
            match err.raw_os_error() {
                Some(libc::EAGAIN) | Some(libc::EINTR) => Ok(()),
                _ => Err(Stall::Io(err)),
            }
        }
    }
}

/// Removes and returns the first line of `buffer` (without its newline), if it holds a whole
/// one.
pub fn take_line(buffer: &mut Vec<u8>) -> Option<Vec<u8>> {
    let end = buffer.iter().position(|&b| b == b'\n')?;
    let line = buffer[..end].to_vec();
    buffer.drain(..=end);
    Some(line)
}

/// SIGKILLs every child of `parent` (a process of ours we have not reaped); false if it had
/// none.
///
/// Through pidfds, checked against the parent's child list after opening: a child that exited
/// meanwhile cannot have its pid reused under us.
pub fn kill_children(parent: u32) -> bool {
    let children = |p: u32| -> Vec<i32> {
        std::fs::read_to_string(format!("/proc/{p}/task/{p}/children"))
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|s| s.parse().ok())
            .collect()
    };
    let listed = children(parent);
    let mut pidfds = Vec::new();
    for &pid in &listed {
        // SAFETY: pidfd_open takes a pid and flags; a negative result is an error.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as RawFd;
        if fd >= 0 {
            // SAFETY: fd is a new pidfd owned by nothing else.
            pidfds.push((pid, unsafe { OwnedFd::from_raw_fd(fd) }));
        }
    }
    let still = children(parent);
    let mut killed = false;
    for (_, fd) in pidfds.iter().filter(|(pid, _)| still.contains(pid)) {
        // SAFETY: signals the process the pidfd refers to; null siginfo is allowed.
        let rc = unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                fd.as_raw_fd(),
                libc::SIGKILL,
                0usize,
                0u32,
            )
        };
        killed |= rc == 0;
    }
    killed
}

/// Places `fds[i].0` at fd number `fds[i].1` (without close-on-exec) in a child about to exec,
/// and makes every higher fd close-on-exec.
///
/// Two passes, because a source may sit at another entry's target number: first every source is
/// copied above every target, then the copies are moved onto the targets.
///
/// # Safety
/// Only async-signal-safe calls: meant for `CommandExt::pre_exec`. Every source must be open.
pub unsafe fn place_fds(fds: &[(RawFd, RawFd)]) -> io::Result<()> {
    let above = fds.iter().map(|&(_, target)| target).max().unwrap_or(2) + 1;
    let mut copies = [0 as RawFd; 16];
    if fds.len() > copies.len() {
        return Err(io::ErrorKind::InvalidInput.into());
    }
    // The copies are close-on-exec: they vanish at exec, the targets stay.
    for (copy, &(source, _)) in copies.iter_mut().zip(fds) {
        *copy = libc::fcntl(source, libc::F_DUPFD_CLOEXEC, above);
        if *copy < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    for (&copy, &(_, target)) in copies.iter().zip(fds) {
        // dup2 leaves the target without close-on-exec, so it survives into bwrap.
        if libc::dup2(copy, target) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    // Any other fd of this process that some library opened without close-on-exec must not
    // reach the sandbox either. Marked rather than closed: std's exec-error pipe is among them.
    // Best effort: kernels before 5.11 lack the flag, and our own fds are close-on-exec anyway.
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    libc::syscall(
        libc::SYS_close_range,
        above as libc::c_uint,
        libc::c_uint::MAX,
        CLOSE_RANGE_CLOEXEC,
    );
    Ok(())
}

/// Moves the calling process into the cgroup whose `cgroup.procs` is `procs`.
///
/// # Safety
/// Only async-signal-safe calls: meant for `CommandExt::pre_exec`.
pub unsafe fn join_cgroup(procs: &CStr) -> io::Result<()> {
    let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    let written = libc::write(fd, b"0".as_ptr().cast(), 1);
    let error = io::Error::last_os_error();
    libc::close(fd);
    if written == 1 {
        Ok(())
    } else {
        Err(error)
    }
}

/// Drops root for `uid` (and the same gid, no supplementary groups), as `CommandExt::uid` does,
/// but at a moment the caller chooses: after [`join_cgroup`], which needs root.
///
/// # Safety
/// Only async-signal-safe calls: meant for `CommandExt::pre_exec`.
pub unsafe fn become_user(uid: u32) -> io::Result<()> {
    if libc::setgroups(0, std::ptr::null()) != 0 || libc::setgid(uid) != 0 || libc::setuid(uid) != 0
    {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
