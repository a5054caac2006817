//! The report renders in a real browser: headless Chromium screenshots it, and the PNG must have
//! the asked size and far more content than a blank page. Without Chromium the test is ignored,
//! or fails under CI (docs/testing.md).

use benchgen_report::screenshot::{capture, ScreenshotOptions};
use benchgen_report::{render_html, Funnel, ReportInput};

use crate::fixtures::small_report;
use crate::prereq::{require, Prereq};

#[test]
#[cfg_attr(missing_chromium, ignore = "needs /usr/bin/chromium")]
fn report_renders_in_chromium() {
    require(&[Prereq::Chromium]);
    let (dataset, comparison) = small_report();
    let funnel = Funnel {
        stages: vec![("sampled".into(), 100), ("tests pass".into(), 61)],
    };
    let html = render_html(&ReportInput {
        title: "Screenshot test",
        dataset: &dataset,
        comparison: &comparison,
        completions: &[],
        funnel: Some(&funnel),
        references: None,
        metadata: &[],
        gaps: &[],
        study: None,
    });
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("report.html");
    let png = directory.path().join("report.png");
    fs_err::write(&page, html).unwrap();
    capture(&page, &png, &ScreenshotOptions::default()).unwrap();

    let bytes = fs_err::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let dimension = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    // The whole page, which is taller than the window.
    assert_eq!(dimension(16), 1280, "IHDR width");
    assert!(dimension(20) > 2000, "IHDR height {}", dimension(20));
    // A blank 1280x2000 page compresses to a few kilobytes; charts and tables take far more.
    assert!(
        bytes.len() > 40_000,
        "only {} bytes: did the page render?",
        bytes.len()
    );
}

#[test]
#[cfg_attr(missing_chromium, ignore = "needs /usr/bin/chromium")]
fn a_page_taller_than_the_window_is_captured_whole() {
    require(&[Prereq::Chromium]);
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("tall.html");
    let png = directory.path().join("tall.png");
    fs_err::write(
        &page,
        "<html><body style=\"margin:0\"><div style=\"height:5000px;background:#36c\"></div><p>end</p></body></html>",
    )
    .unwrap();
    capture(&page, &png, &ScreenshotOptions::default()).unwrap();
    let bytes = fs_err::read(&png).unwrap();
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert!(
        (5000..5200).contains(&height),
        "the PNG is {height} px tall, the page about 5020"
    );
    let leftovers: Vec<_> = fs_err::read_dir(directory.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "the measuring copy stays: {leftovers:?}"
    );
}
