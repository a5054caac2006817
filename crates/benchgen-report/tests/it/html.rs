//! The HTML page: well-formed, self-contained, every section present, untrusted text escaped.

use benchgen_core::Verdict;
use benchgen_report::{render_html, Completions, Funnel, ReferenceCheck, ReportInput};

use crate::fixtures::small_report;

/// Elements that have no closing tag in HTML.
const VOID: [&str; 6] = ["meta", "br", "hr", "img", "input", "link"];

/// Checks that every opened element is closed in order; returns the element names seen.
fn check_balanced(html: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        let end = rest
            .find('>')
            .unwrap_or_else(|| panic!("unterminated tag at {:?}", &rest[..rest.len().min(80)]));
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let expected = open
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(expected, name, "</{name}> closes <{expected}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        assert!(!name.is_empty(), "`<` outside a tag: <{tag}>");
        seen.push(name.clone());
        if !tag.ends_with('/') && !VOID.contains(&name.as_str()) {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "never closed: {open:?}");
    seen
}

fn render(completions: &[Completions], funnel: Option<&Funnel>) -> String {
    let (dataset, comparison) = small_report();
    let references = ReferenceCheck {
        items: 4,
        passed: 4,
        pass_rate: 1.0,
        threshold: 0.99,
    };
    render_html(&ReportInput {
        title: "Demo <dataset>",
        dataset: &dataset,
        comparison: &comparison,
        completions,
        funnel,
        references: Some(&references),
        metadata: &[],
        gaps: &[],
        study: None,
    })
}

#[test]
fn page_is_well_formed_and_has_every_section() {
    let funnel = Funnel {
        stages: vec![
            ("sampled".into(), 100),
            ("sandboxed".into(), 80),
            ("tests pass".into(), 61),
        ],
    };
    let html = render(&[], Some(&funnel));
    let elements = check_balanced(&html);
    assert!(
        elements.iter().filter(|e| *e == "svg").count() >= 6,
        "pass@k, verdicts, libraries, funnel, 3 histograms"
    );
    for id in [
        "summary",
        "pass-at-k",
        "comparison",
        "verdicts",
        "libraries",
        "repositories",
        "funnel",
        "quality",
        "items",
    ] {
        assert!(
            html.contains(&format!(r#"<section id="{id}">"#)),
            "section {id} missing"
        );
    }
    for text in [
        "strong-model",
        "weak-model",
        "pass@3",
        "sandbox_error",
        "numpy (2 items)",
        "Mutation score",
        "tests pass",
        "References: 4 of 4",
    ] {
        assert!(html.contains(text), "{text} missing");
    }
    assert!(html.contains("Demo &lt;dataset&gt;"));
    // The reference is the target's definition, taken from the program by its span.
    assert!(html.contains("def f(x):"));
}

#[test]
fn page_loads_nothing_from_outside() {
    let html = render(&[], None);
    let lower = html.to_ascii_lowercase();
    for forbidden in [
        "http://", "https://", "<script", "<link", "@import", "url(", "src=",
    ] {
        assert!(!lower.contains(forbidden), "found {forbidden}");
    }
    assert!(
        !html.contains(r#"<section id="funnel">"#),
        "no funnel given, no funnel section"
    );
}

#[test]
fn untrusted_completions_render_as_text() {
    let (_, comparison) = small_report();
    let failure = comparison.runs[1].summary.items[0]
        .first_failure
        .clone()
        .unwrap();
    assert_eq!(
        (failure.sample_index, failure.verdict),
        (1, Verdict::Failed)
    );
    let hostile = "    return x</pre><script>alert('pwned')</script><img src=x onerror=alert(1)>";
    let mut weak = Completions::new();
    weak.insert(("demo/add".to_string(), 1), hostile.to_string());
    let html = render(&[Completions::new(), weak], None);
    check_balanced(&html);
    assert!(!html.to_ascii_lowercase().contains("<script"));
    assert!(!html.contains("<img"));
    assert!(
        html.contains("&lt;&#x2f;pre&gt;&lt;script&gt;")
            || html.contains("&lt;/pre&gt;&lt;script&gt;"),
        "escaped text kept"
    );
}

#[test]
fn long_completions_are_cut() {
    let mut weak = Completions::new();
    weak.insert(("demo/add".to_string(), 1), "x".repeat(10_000));
    let html = render(&[Completions::new(), weak], None);
    assert!(html.contains("6000 more characters not shown"));
    assert!(!html.contains(&"x".repeat(4_001)));
}
