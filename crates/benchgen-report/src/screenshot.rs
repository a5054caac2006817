//! Renders an HTML file to a PNG with headless Chromium.
//!
//! Used to check that a report actually renders in a browser (a string test cannot see a chart
//! drawn off-canvas) and to keep the screenshot in the docs current. Chromium runs with a fresh
//! profile directory and with every background service off (no sync, no updates, no network
//! prefetch), so it touches nothing outside its temporary profile; the page itself needs no
//! network. A hung browser is killed at the deadline.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where Debian's `chromium` package installs the browser.
pub const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

/// How to take the screenshot.
#[derive(Debug, Clone)]
pub struct ScreenshotOptions {
    pub chromium: PathBuf,
    /// Viewport in CSS pixels; the PNG shows the top `height` pixels of the page.
    pub width: u32,
    pub height: u32,
    /// The browser is killed after this long.
    pub timeout: Duration,
}

impl Default for ScreenshotOptions {
    fn default() -> Self {
        Self {
            chromium: PathBuf::from(DEFAULT_CHROMIUM),
            width: 1280,
            height: 2000,
            timeout: Duration::from_secs(90),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ScreenshotError {
    #[error("no Chromium at `{}`\n\nhint: install it with `apt-get install -y chromium`", .0.display())]
    NotInstalled(PathBuf),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("chromium did not finish within {} s and was killed", .0.as_secs())]
    TimedOut(Duration),
    #[error("chromium exited with {status} and wrote no screenshot: {stderr}")]
    Failed {
        status: std::process::ExitStatus,
        stderr: String,
    },
}

/// Opens `html` in headless Chromium and writes what the viewport shows to `png`.
pub fn capture(
    html: &Path,
    png: &Path,
    options: &ScreenshotOptions,
) -> Result<(), ScreenshotError> {
    if !options.chromium.exists() {
        return Err(ScreenshotError::NotInstalled(options.chromium.clone()));
    }
    let html = fs_err::canonicalize(html)?;
    let png = std::path::absolute(png)?;
    if png.exists() {
        fs_err::remove_file(&png)?;
    }
    let profile = tempfile::tempdir()?;
    let mut child = Command::new(&options.chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!(
            "--window-size={},{}",
            options.width, options.height
        ))
        .arg(file_url(&html))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    // Chromium's stderr is small (a few log lines), so reading it after exit cannot block it.
    let deadline = Instant::now() + options.timeout;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ScreenshotError::TimedOut(options.timeout));
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    if status.success() && png.exists() {
        return Ok(());
    }
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read as _;
        let _ = pipe.read_to_string(&mut stderr);
    }
    Err(ScreenshotError::Failed {
        status,
        stderr: stderr.trim().to_string(),
    })
}

/// `file://` URL of an absolute path, percent-encoding every byte outside the unreserved set.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for &byte in path.as_os_str().as_encoded_bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            url.push(byte as char);
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_urls_are_encoded() {
        assert_eq!(
            file_url(Path::new("/tmp/a b/r#1.html")),
            "file:///tmp/a%20b/r%231.html"
        );
    }

    #[test]
    fn missing_browser_is_a_hinted_error() {
        let options = ScreenshotOptions {
            chromium: PathBuf::from("/nonexistent/chromium"),
            ..Default::default()
        };
        let error = capture(Path::new("x.html"), Path::new("x.png"), &options).unwrap_err();
        assert!(
            error.to_string().contains("apt-get install -y chromium"),
            "{error}"
        );
    }
}
