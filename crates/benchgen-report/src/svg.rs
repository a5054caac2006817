//! The report's plots, drawn as inline SVG.
//!
//! A report must open offline, years later, from a file attached to a paper or an issue: no
//! plotting library in the browser, no fonts or scripts from the network. The few plot kinds a
//! report needs are small enough to draw directly. Every chart has labelled axes and a `<title>`
//! per mark (the browser shows it on hover, without scripts). Every text that comes from data
//! (model, library and stage names) goes through [`escape`]: the page marks these strings safe.
//! Fonts and colours of text come from the page's CSS (`svg.chart`), so the charts match it. The
//! SVG sits inline in HTML, where it needs no namespace declaration: the page holds no URL at all.

use std::fmt::Write as _;

use benchgen_core::Verdict;

use crate::format;
use crate::stats::Estimate;

/// Colours of runs, in run order (the Tableau 10 palette: distinct hues of similar weight).
const SERIES_COLOURS: [&str; 8] = [
    "#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#eeca3b", "#9d755d",
];
const GRID: &str = "#e3e6ea";
const AXIS: &str = "#8a939c";
/// Width of a full-width chart in user units; charts scale to their container.
const WIDTH: f64 = 1000.0;
/// Rough advance of one character at the charts' 12px font, for sizing label columns.
const CHAR_WIDTH: f64 = 6.8;

/// Colour of the run at `index`.
pub(crate) fn series_colour(index: usize) -> &'static str {
    SERIES_COLOURS[index % SERIES_COLOURS.len()]
}

/// Colour of a verdict: green for a pass, warm colours for the model's wrong answers, cool and grey
/// ones for limits and the harness, so the two kinds of failure never blend on the page.
pub(crate) fn verdict_colour(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Passed => "#54a24b",
        Verdict::Failed => "#e45756",
        Verdict::Error => "#f58518",
        Verdict::ExitedEarly => "#d67ab1",
        Verdict::Killed => "#9d755d",
        Verdict::Timeout => "#7b61ff",
        Verdict::OutOfMemory => "#4c78a8",
        Verdict::SandboxError => "#9aa5b1",
        Verdict::GivenUp => "#5f6b7a",
    }
}

/// Escapes text for SVG or HTML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A named series (a run) with its colour.
pub(crate) struct Series {
    pub name: String,
    pub colour: &'static str,
}

/// One row of a stacked bar: a label and a count per segment.
pub(crate) struct StackedRow {
    pub label: String,
    pub counts: Vec<usize>,
}

/// One segment kind of a stacked bar.
pub(crate) struct Segment {
    pub name: String,
    pub colour: &'static str,
}

fn open(out: &mut String, width: f64, height: f64, title: &str) {
    let _ = write!(
        out,
        r#"<svg class="chart" viewBox="0 0 {width} {height}" role="img"><title>{}</title>"#,
        escape(title)
    );
}

fn text(out: &mut String, x: f64, y: f64, anchor: &str, class: &str, content: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" class="{class}">{}</text>"#,
        escape(content)
    );
}

fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
    let _ = write!(
        out,
        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"#
    );
}

fn rect(out: &mut String, (x, y): (f64, f64), (w, h): (f64, f64), fill: &str, tooltip: &str) {
    let _ = write!(
        out,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}"><title>{}</title></rect>"#,
        w.max(0.0),
        h.max(0.0),
        escape(tooltip)
    );
}

/// Legend in one row, a swatch and a name per entry, starting at (x, y).
fn legend(out: &mut String, x: f64, y: f64, entries: &[(&str, &str)]) {
    let mut cursor = x;
    for (name, colour) in entries {
        rect(out, (cursor, y - 10.0), (12.0, 12.0), colour, name);
        text(out, cursor + 17.0, y, "start", "legend", name);
        cursor += 17.0 + name.chars().count() as f64 * CHAR_WIDTH + 22.0;
    }
}

/// Vertical 0–100% axis with grid lines every 20%, on the left of the plot area.
fn percent_axis_vertical(
    out: &mut String,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    label: &str,
) {
    for tick in (0..=100).step_by(20) {
        let y = bottom - (bottom - top) * f64::from(tick) / 100.0;
        line(
            out,
            (left, y),
            (right, y),
            if tick == 0 { AXIS } else { GRID },
            1.0,
        );
        text(out, left - 8.0, y + 4.0, "end", "tick", &format!("{tick}%"));
    }
    let middle = (top + bottom) / 2.0;
    let _ = write!(
        out,
        r#"<text transform="translate(16 {middle:.1}) rotate(-90)" text-anchor="middle" class="axis-label">{}</text>"#,
        escape(label)
    );
}

/// Horizontal 0–100% axis with grid lines every 10%, under rows spanning `top..bottom`.
fn percent_axis_horizontal(
    out: &mut String,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    label: &str,
) {
    for tick in (0..=100).step_by(10) {
        let x = left + (right - left) * f64::from(tick) / 100.0;
        line(
            out,
            (x, top),
            (x, bottom),
            if tick == 0 { AXIS } else { GRID },
            1.0,
        );
        text(out, x, bottom + 16.0, "middle", "tick", &format!("{tick}%"));
    }
    text(
        out,
        (left + right) / 2.0,
        bottom + 36.0,
        "middle",
        "axis-label",
        label,
    );
}

/// Grouped vertical bars of shares with interval whiskers: one group per label (pass@1,
/// pass@10...), one bar per series. `values[group][series]`; `None` draws "n/a".
pub(crate) fn grouped_bars(
    title: &str,
    groups: &[String],
    series: &[Series],
    values: &[Vec<Option<Estimate>>],
    y_label: &str,
) -> String {
    let height = 340.0;
    let (left, right, top, bottom) = (64.0, WIDTH - 16.0, 44.0, height - 40.0);
    let mut out = String::new();
    open(&mut out, WIDTH, height, title);
    let entries: Vec<(&str, &str)> = series.iter().map(|s| (s.name.as_str(), s.colour)).collect();
    legend(&mut out, left, 18.0, &entries);
    percent_axis_vertical(&mut out, left, right, top, bottom, y_label);
    let group_width = (right - left) / groups.len().max(1) as f64;
    let bar_width = (group_width * 0.7 / series.len().max(1) as f64).min(72.0);
    let y = |share: f64| bottom - (bottom - top) * share.clamp(0.0, 1.0);
    for (g, group) in groups.iter().enumerate() {
        let centre = left + group_width * (g as f64 + 0.5);
        text(
            &mut out,
            centre,
            bottom + 22.0,
            "middle",
            "group-label",
            group,
        );
        let start = centre - bar_width * series.len() as f64 / 2.0;
        for (s, run) in series.iter().enumerate() {
            let x = start + bar_width * s as f64;
            let middle = x + bar_width / 2.0;
            let Some(estimate) = values.get(g).and_then(|row| row.get(s)).copied().flatten() else {
                text(
                    &mut out,
                    middle,
                    bottom - 6.0,
                    "middle",
                    "value",
                    format::NOT_AVAILABLE,
                );
                continue;
            };
            let tooltip = format!(
                "{} {group}: {}",
                run.name,
                format::estimate(Some(&estimate))
            );
            rect(
                &mut out,
                (x + 2.0, y(estimate.value)),
                (bar_width - 4.0, bottom - y(estimate.value)),
                run.colour,
                &tooltip,
            );
            let mut label_y = y(estimate.value);
            if let Some(interval) = estimate.interval {
                let (low, high) = (y(interval.low), y(interval.high));
                line(&mut out, (middle, low), (middle, high), "#222", 1.5);
                line(
                    &mut out,
                    (middle - 6.0, low),
                    (middle + 6.0, low),
                    "#222",
                    1.5,
                );
                line(
                    &mut out,
                    (middle - 6.0, high),
                    (middle + 6.0, high),
                    "#222",
                    1.5,
                );
                label_y = high;
            }
            text(
                &mut out,
                middle,
                label_y - 6.0,
                "middle",
                "value",
                &format::percent(estimate.value),
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// Horizontal 100% stacked bars: one row per label, one segment per kind, each as its share of
/// the row's total. Segments wide enough carry their percentage.
pub(crate) fn stacked_shares(
    title: &str,
    rows: &[StackedRow],
    segments: &[Segment],
    x_label: &str,
) -> String {
    let label_width = label_column(rows.iter().map(|r| r.label.as_str()));
    let (row_height, gap) = (30.0, 14.0);
    let (left, right, top) = (label_width + 16.0, WIDTH - 24.0, 40.0);
    let bottom = top + rows.len() as f64 * (row_height + gap) - gap + 8.0;
    let height = bottom + 48.0;
    let mut out = String::new();
    open(&mut out, WIDTH, height, title);
    let present: Vec<(&str, &str)> = segments
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            rows.iter()
                .any(|r| r.counts.get(*i).copied().unwrap_or(0) > 0)
        })
        .map(|(_, s)| (s.name.as_str(), s.colour))
        .collect();
    legend(&mut out, left, 18.0, &present);
    percent_axis_horizontal(&mut out, left, right, top - 6.0, bottom, x_label);
    for (r, row) in rows.iter().enumerate() {
        let y = top + r as f64 * (row_height + gap);
        text(
            &mut out,
            left - 10.0,
            y + row_height / 2.0 + 4.0,
            "end",
            "row-label",
            &row.label,
        );
        let total: usize = row.counts.iter().sum();
        if total == 0 {
            continue;
        }
        let mut x = left;
        for (segment, &count) in segments.iter().zip(&row.counts) {
            if count == 0 {
                continue;
            }
            let share = count as f64 / total as f64;
            let width = (right - left) * share;
            let tooltip = format!(
                "{}: {} {}",
                row.label,
                segment.name,
                format::count_share(count, total)
            );
            rect(
                &mut out,
                (x, y),
                (width, row_height),
                segment.colour,
                &tooltip,
            );
            if width > 44.0 {
                text(
                    &mut out,
                    x + width / 2.0,
                    y + row_height / 2.0 + 4.0,
                    "middle",
                    "inside",
                    &format::percent(share),
                );
            }
            x += width;
        }
    }
    out.push_str("</svg>");
    out
}

/// Horizontal grouped bars of shares with interval whiskers: one block per row label, one bar
/// per series inside it.
pub(crate) fn horizontal_bars(
    title: &str,
    labels: &[String],
    series: &[Series],
    values: &[Vec<Option<Estimate>>],
    x_label: &str,
) -> String {
    let label_width = label_column(labels.iter().map(String::as_str));
    let bar_height = 14.0;
    let block = bar_height * series.len() as f64 + 12.0;
    let (left, right, top) = (label_width + 16.0, WIDTH - 64.0, 40.0);
    let bottom = top + block * labels.len() as f64;
    let height = bottom + 48.0;
    let mut out = String::new();
    open(&mut out, WIDTH, height, title);
    let entries: Vec<(&str, &str)> = series.iter().map(|s| (s.name.as_str(), s.colour)).collect();
    legend(&mut out, left, 18.0, &entries);
    percent_axis_horizontal(&mut out, left, right, top - 4.0, bottom, x_label);
    let x = |share: f64| left + (right - left) * share.clamp(0.0, 1.0);
    for (r, label) in labels.iter().enumerate() {
        let block_top = top + block * r as f64 + 6.0;
        text(
            &mut out,
            left - 10.0,
            block_top + block / 2.0 - 2.0,
            "end",
            "row-label",
            label,
        );
        for (s, run) in series.iter().enumerate() {
            let y = block_top + bar_height * s as f64;
            let middle = y + bar_height / 2.0;
            let Some(estimate) = values.get(r).and_then(|row| row.get(s)).copied().flatten() else {
                continue;
            };
            let tooltip = format!(
                "{} {label}: {}",
                run.name,
                format::estimate(Some(&estimate))
            );
            rect(
                &mut out,
                (left, y + 1.0),
                (x(estimate.value) - left, bar_height - 2.0),
                run.colour,
                &tooltip,
            );
            let mut label_x = x(estimate.value);
            if let Some(interval) = estimate.interval {
                line(
                    &mut out,
                    (x(interval.low), middle),
                    (x(interval.high), middle),
                    "#222",
                    1.2,
                );
                line(
                    &mut out,
                    (x(interval.low), middle - 4.0),
                    (x(interval.low), middle + 4.0),
                    "#222",
                    1.2,
                );
                line(
                    &mut out,
                    (x(interval.high), middle - 4.0),
                    (x(interval.high), middle + 4.0),
                    "#222",
                    1.2,
                );
                label_x = x(interval.high);
            }
            text(
                &mut out,
                label_x + 6.0,
                middle + 4.0,
                "start",
                "value",
                &format::percent(estimate.value),
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// The build funnel: one bar per stage, as long as its count relative to the first stage, with
/// the count, its share of the first stage and the share kept from the stage before.
pub(crate) fn funnel(title: &str, stages: &[(String, u64)]) -> String {
    let label_width = label_column(stages.iter().map(|(name, _)| name.as_str()));
    let (row_height, gap) = (26.0, 10.0);
    let (left, right, top) = (label_width + 16.0, WIDTH - 250.0, 12.0);
    let height = top + stages.len() as f64 * (row_height + gap) + 4.0;
    let first = stages.first().map_or(0, |(_, count)| *count).max(1) as f64;
    let mut out = String::new();
    open(&mut out, WIDTH, height, title);
    let mut previous: Option<u64> = None;
    for (i, (name, count)) in stages.iter().enumerate() {
        let y = top + i as f64 * (row_height + gap);
        let width = (right - left) * (*count as f64 / first).min(1.0);
        text(
            &mut out,
            left - 10.0,
            y + row_height / 2.0 + 4.0,
            "end",
            "row-label",
            name,
        );
        let kept = previous
            .filter(|&p| p > 0)
            .map(|p| *count as f64 / p as f64);
        let mut note = format!(
            "{count} ({} of first",
            format::percent(*count as f64 / first)
        );
        if let Some(kept) = kept {
            let _ = write!(note, ", {} kept", format::percent(kept));
        }
        note.push(')');
        rect(
            &mut out,
            (left, y),
            (width, row_height),
            SERIES_COLOURS[0],
            &format!("{name}: {note}"),
        );
        text(
            &mut out,
            left + width + 8.0,
            y + row_height / 2.0 + 4.0,
            "start",
            "value",
            &note,
        );
        previous = Some(*count);
    }
    out.push_str("</svg>");
    out
}

/// Histogram of shares (0..1) in ten bins of 10%, with the mean marked.
pub(crate) fn histogram(title: &str, values: &[f64], x_label: &str) -> String {
    let (width, height) = (330.0, 250.0);
    let (left, right, top, bottom) = (46.0, width - 20.0, 40.0, height - 46.0);
    let mut bins = [0usize; 10];
    for &value in values {
        bins[((value.clamp(0.0, 1.0) * 10.0) as usize).min(9)] += 1;
    }
    let step = count_step(*bins.iter().max().unwrap_or(&0));
    let top_count = (bins.iter().max().copied().unwrap_or(0).div_ceil(step) * step).max(step);
    let mut out = String::new();
    open(&mut out, width, height, title);
    text(&mut out, 4.0, 16.0, "start", "chart-title", title);
    let y = |count: usize| bottom - (bottom - top) * count as f64 / top_count as f64;
    for tick in (0..=top_count).step_by(step) {
        line(
            &mut out,
            (left, y(tick)),
            (right, y(tick)),
            if tick == 0 { AXIS } else { GRID },
            1.0,
        );
        text(
            &mut out,
            left - 6.0,
            y(tick) + 4.0,
            "end",
            "tick",
            &tick.to_string(),
        );
    }
    let _ = write!(
        out,
        r#"<text transform="translate(12 {:.1}) rotate(-90)" text-anchor="middle" class="axis-label">items</text>"#,
        (top + bottom) / 2.0
    );
    let bin_width = (right - left) / 10.0;
    for (i, &count) in bins.iter().enumerate() {
        let x = left + bin_width * i as f64;
        let range = if i == 9 {
            format!("{}–100%", i * 10)
        } else {
            format!("{}–{}%", i * 10, (i + 1) * 10)
        };
        rect(
            &mut out,
            (x + 1.0, y(count)),
            (bin_width - 2.0, bottom - y(count)),
            SERIES_COLOURS[0],
            &format!("{range}: {count} items"),
        );
    }
    for tick in (0..=100).step_by(20) {
        text(
            &mut out,
            left + (right - left) * f64::from(tick) / 100.0,
            bottom + 15.0,
            "middle",
            "tick",
            &format!("{tick}%"),
        );
    }
    text(
        &mut out,
        (left + right) / 2.0,
        bottom + 36.0,
        "middle",
        "axis-label",
        x_label,
    );
    if !values.is_empty() {
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let x = left + (right - left) * mean.clamp(0.0, 1.0);
        let _ = write!(
            out,
            r##"<line x1="{x:.1}" y1="{top:.1}" x2="{x:.1}" y2="{bottom:.1}" stroke="#222" stroke-width="1.5" stroke-dasharray="4 3"/>"##
        );
        let anchor = if mean > 0.6 { "end" } else { "start" };
        let offset = if mean > 0.6 { -4.0 } else { 4.0 };
        text(
            &mut out,
            x + offset,
            top - 6.0,
            anchor,
            "value",
            &format!("mean {}", format::percent(mean)),
        );
    }
    out.push_str("</svg>");
    out
}

/// Width of a column holding these labels, within bounds that keep the plot readable.
fn label_column<'a>(labels: impl Iterator<Item = &'a str>) -> f64 {
    let longest = labels.map(|l| l.chars().count()).max().unwrap_or(0);
    (longest as f64 * CHAR_WIDTH).clamp(60.0, 260.0)
}

/// A tick step of 1, 2 or 5 times a power of ten giving at most five ticks up to `max`.
fn count_step(max: usize) -> usize {
    let mut magnitude = 1;
    loop {
        for factor in [1, 2, 5] {
            if max <= factor * magnitude * 5 {
                return factor * magnitude;
            }
        }
        magnitude *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape(r#"<script>"a" & 'b'</script>"#),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
    }

    #[test]
    fn tick_steps() {
        assert_eq!(count_step(0), 1);
        assert_eq!(count_step(5), 1);
        assert_eq!(count_step(9), 2);
        assert_eq!(count_step(23), 5);
        assert_eq!(count_step(164), 50);
    }

    #[test]
    fn labels_are_escaped_in_charts() {
        let svg = funnel("funnel", &[("<b>stage</b>".to_string(), 3)]);
        assert!(svg.contains("&lt;b&gt;stage&lt;/b&gt;"));
        assert!(!svg.contains("<b>"));
    }
}
