//! End to end: where the function a slice was cut from can be imported where items run, the
//! probe calls it on every case too, and an item whose reference disagrees with it is skipped
//! (`slice_differs`) instead of pinning the slice's behaviour in its tests.
//!
//! Needs bubblewrap and root: without them the test is ignored, or fails under CI.

include!(concat!(env!("OUT_DIR"), "/prereq.rs"));
use prereq::{require, Prereq};

mod support;
use benchgen_build::SkipReason;
use support::{build_one, executors, item, skip_of};

#[test]
#[cfg_attr(missing_sandbox, ignore = "needs the sandbox (bubblewrap, root)")]
fn a_slice_that_behaves_unlike_its_original_is_skipped() {
    require(&[Prereq::Sandbox]);
    let (main, second) = executors();
    // The standard library's colorsys, with the same functions and one constant changed: the
    // code of `hls_to_rgb` is the original's, what it reads is not, so the sandbox's own
    // `colorsys.hls_to_rgb` gives other results; `rgb_to_yiq` reads no constant.
    let original = std::fs::read_to_string("/usr/lib/python3.11/colorsys.py")
        .expect("the sandbox's Python 3.11 has colorsys.py");
    let changed = original.replace("ONE_THIRD = 1.0/3.0", "ONE_THIRD = 0.3");
    assert_ne!(
        changed, original,
        "colorsys.py defines ONE_THIRD as expected"
    );
    let report = build_one("colorsys.py", &changed, &main, &second);
    match &skip_of(&report, "hls_to_rgb").reason {
        SkipReason::SliceDiffers(detail) => {
            assert!(detail.contains("the original"), "{detail}")
        }
        other => panic!("hls_to_rgb was skipped for {other}, not slice_differs"),
    }
    assert!(item(&report, "rgb_to_yiq").cases.len() >= 3);
    // The unchanged file: the same functions agree with their originals.
    let report = build_one("colorsys.py", &original, &main, &second);
    assert!(item(&report, "hls_to_rgb").cases.len() >= 3);
}
