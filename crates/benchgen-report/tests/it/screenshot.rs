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
    });
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("report.html");
    let png = directory.path().join("report.png");
    fs_err::write(&page, html).unwrap();
    capture(&page, &png, &ScreenshotOptions::default()).unwrap();

    let bytes = fs_err::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let dimension = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(
        (dimension(16), dimension(20)),
        (1280, 2000),
        "IHDR width and height"
    );
    // A blank 1280x2000 page compresses to a few kilobytes; charts and tables take far more.
    assert!(
        bytes.len() > 40_000,
        "only {} bytes: did the page render?",
        bytes.len()
    );
}
