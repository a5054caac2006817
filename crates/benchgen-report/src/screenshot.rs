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
    /// Viewport in CSS pixels; the PNG shows the top `height` pixels of the page, or (with
    /// `full_page`) the whole page when it is taller.
    pub width: u32,
    pub height: u32,
    /// Measure the page first (a second browser start) and make the viewport as tall as it.
    pub full_page: bool,
    /// The browser is killed after this long.
    pub timeout: Duration,
}

impl Default for ScreenshotOptions {
    fn default() -> Self {
        Self {
            chromium: PathBuf::from(DEFAULT_CHROMIUM),
            width: 1280,
            height: 2000,
            full_page: true,
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

/// The attribute the measuring pass writes the page's height into.
const HEIGHT_ATTRIBUTE: &str = "data-benchgen-height";
/// A page taller than this is cut here: Chromium's screenshots stop working far beyond it.
const MAX_HEIGHT: u32 = 16_000;

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
    let height = match options.full_page {
        true => page_height(&html, options)?.clamp(options.height, MAX_HEIGHT),
        false => options.height,
    };
    let output = run_chromium(
        options,
        height,
        &[format!("--screenshot={}", png.display())],
        &html,
    )?;
    if output.status.success() && png.exists() {
        return Ok(());
    }
    Err(ScreenshotError::Failed {
        status: output.status,
        stderr: output.stderr.trim().to_string(),
    })
}

/// The flags every headless Chromium of benchgen's starts with (as root, on a closed network):
/// no sandbox of its own, no GPU, and none of the background connections that a machine
/// without internet refuses many at a time.
pub const HEADLESS_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// The rendered page's height in CSS pixels at the options' width: a copy of the page (beside
/// it, so relative links still resolve) with a script that writes its height into the DOM,
/// dumped by a first browser start.
fn page_height(html: &Path, options: &ScreenshotOptions) -> Result<u32, ScreenshotError> {
    let page = fs_err::read_to_string(html)?;
    let script = format!(
        "<script>document.documentElement.setAttribute('{HEIGHT_ATTRIBUTE}', \
         Math.ceil(document.documentElement.scrollHeight));</script>"
    );
    let folder = html.parent().unwrap_or(Path::new("."));
    let mut measured = tempfile::Builder::new()
        .prefix(".benchgen-measure-")
        .suffix(".html")
        .tempfile_in(folder)?;
    std::io::Write::write_all(&mut measured, format!("{page}{script}").as_bytes())?;
    let output = run_chromium(
        options,
        options.height,
        &["--dump-dom".to_string()],
        measured.path(),
    )?;
    let dom = output.stdout;
    let height = dom
        .split_once(&format!("{HEIGHT_ATTRIBUTE}=\""))
        .and_then(|(_, rest)| rest.split('"').next())
        .and_then(|value| value.parse().ok());
    height.ok_or_else(|| ScreenshotError::Failed {
        status: output.status,
        stderr: format!(
            "the page's height could not be measured: {}",
            output.stderr.trim()
        ),
    })
}

struct BrowserOutput {
    status: std::process::ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs headless Chromium on `page` with a `width` x `height` window and `extra` arguments,
/// killed at the options' deadline.
fn run_chromium(
    options: &ScreenshotOptions,
    height: u32,
    extra: &[String],
    page: &Path,
) -> Result<BrowserOutput, ScreenshotError> {
    let profile = tempfile::tempdir()?;
    let mut child = Command::new(&options.chromium)
        .args(HEADLESS_FLAGS)
        .args(["--hide-scrollbars", "--force-device-scale-factor=1"])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(format!("--window-size={},{height}", options.width))
        .arg(file_url(page))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    // Both pipes are read on threads while the browser runs: a DOM dump can fill a pipe.
    let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut text);
            }
            text
        })
    };
    let stdout = read(child.stdout.take().map(|p| Box::new(p) as _));
    let stderr = read(child.stderr.take().map(|p| Box::new(p) as _));
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
    Ok(BrowserOutput {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
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
