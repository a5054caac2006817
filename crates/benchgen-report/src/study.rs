//! Figures of a human solvability study (`benchgen study serve`): per item, what annotators
//! managed and said; per dataset, the share judged solvable and how far annotators agree.
//!
//! Choices, so that the figures can be trusted and compared with the published study:
//!
//! - An attempt counts once finished (submitted or given up); open work is shown apart.
//! - *Share solvable* is the mean over items of the share of an item's annotators who answered
//!   "solvable from what is shown", with the two-level percentile bootstrap the run reports use
//!   (items, then annotators within items; `bootstrap`), so an interval shows both how few items
//!   and how few opinions per item there are. With one annotator per item it is the share of items.
//! - Agreement is Fleiss' kappa on that yes/no answer over items with two or more answers (the
//!   form that allows a different number of answers per item; with the same number it is
//!   Fleiss' 1971 statistic). It is undefined (`None`) when every answer is the same.
//! - An item is *flagged for rewrite* ([`FLAG_RULE`]) when at least half of its answers say it
//!   cannot be solved from what is shown, or its mean clarity is below 3 of 5.
//! - Time on task is the server's count of active time (`benchgen_store::IDLE_CAP_S`), so a
//!   reload, a closed page or a server restart neither resets nor inflates it.

use std::collections::BTreeMap;

use benchgen_store::{StudyPlan, StudyWork, WorkStatus};
use serde::{Deserialize, Serialize};

use crate::bootstrap::{percentile_interval, two_level_means};
use crate::format;
use crate::stats::{Estimate, StatsOptions};

/// When an item is flagged for rewrite, in words (the report prints it).
pub const FLAG_RULE: &str = "at least half of its annotators say it cannot be solved from what is shown, or its mean instruction clarity is below 3 of 5";

/// What became of one item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemTally {
    pub id: String,
    /// Finished attempts (submitted or given up).
    pub finished: usize,
    pub solved: usize,
    /// Submitted, not passing.
    pub failed: usize,
    pub gave_up: usize,
    /// Annotators still working on it.
    pub open: usize,
    /// `solved / finished`; `None` before any attempt finished.
    pub solve_rate: Option<f64>,
    /// Median active time of the finished attempts, in seconds.
    pub median_time_s: Option<f64>,
    pub mean_clarity: Option<f64>,
    pub solvable_yes: usize,
    pub solvable_no: usize,
    /// Why annotators said it cannot be solved from what is shown.
    pub unsolvable_reasons: Vec<String>,
    /// What annotators said it needed.
    pub knowledge: Vec<String>,
    pub flagged: bool,
}

/// The study's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyTally {
    pub dataset: String,
    pub overlap: usize,
    pub annotators: usize,
    pub items: Vec<ItemTally>,
    /// Items with at least one finished attempt.
    pub items_answered: usize,
    pub attempts_finished: usize,
    pub attempts_solved: usize,
    /// Mean over answered items of the share of their annotators saying "solvable", with a
    /// two-level bootstrap interval.
    pub share_solvable: Option<Estimate>,
    /// Items whose answers are at least half "solvable".
    pub items_majority_solvable: usize,
    /// Fleiss' kappa on "solvable" over the items with two or more answers.
    pub kappa: Option<f64>,
    pub kappa_items: usize,
    pub flagged: Vec<String>,
    pub flag_rule: String,
    pub method: String,
}

/// Fleiss' kappa of `counts[item][category]` (how many raters put the item in each category).
/// Items with fewer than two ratings are left out. `None` without such items, or when every
/// rating falls in one category (chance agreement is then 1, and kappa undefined).
pub fn fleiss_kappa(counts: &[Vec<usize>]) -> Option<f64> {
    let rated: Vec<&Vec<usize>> = counts
        .iter()
        .filter(|c| c.iter().sum::<usize>() >= 2)
        .collect();
    if rated.is_empty() {
        return None;
    }
    let categories = rated.iter().map(|c| c.len()).max().unwrap_or(0);
    let mut totals = vec![0usize; categories];
    let mut agreement = 0.0;
    for item in &rated {
        let n = item.iter().sum::<usize>() as f64;
        let pairs: f64 = item.iter().map(|&c| (c * c) as f64).sum::<f64>() - n;
        agreement += pairs / (n * (n - 1.0));
        for (total, &c) in totals.iter_mut().zip(item.iter()) {
            *total += c;
        }
    }
    let observed = agreement / rated.len() as f64;
    let ratings = totals.iter().sum::<usize>() as f64;
    let chance: f64 = totals.iter().map(|&t| (t as f64 / ratings).powi(2)).sum();
    if (1.0 - chance).abs() < 1e-12 {
        return None;
    }
    Some((observed - chance) / (1.0 - chance))
}

fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    Some(if values.len().is_multiple_of(2) {
        (values[middle - 1] + values[middle]) / 2.0
    } else {
        values[middle]
    })
}

/// The figures of a study from its plan and every annotator's work.
pub fn tally(
    plan: &StudyPlan,
    annotators: usize,
    work: &[StudyWork],
    options: &StatsOptions,
) -> StudyTally {
    let mut by_item: BTreeMap<&str, Vec<&StudyWork>> = BTreeMap::new();
    for w in work {
        by_item.entry(w.item_id.as_str()).or_default().push(w);
    }
    let items: Vec<ItemTally> = plan
        .items
        .iter()
        .map(|id| item_tally(id, by_item.get(id.as_str()).map_or(&[][..], |v| v)))
        .collect();
    // (answers, "solvable" answers) of each answered item.
    let answered: Vec<(u64, u64)> = items
        .iter()
        .filter(|i| i.finished > 0)
        .map(|i| (i.finished as u64, i.solvable_yes as u64))
        .collect();
    let share_solvable = (!answered.is_empty()).then(|| {
        let share = |&(n, c): &(u64, u64)| c as f64 / n as f64;
        let value = answered.iter().map(share).sum::<f64>() / answered.len() as f64;
        let interval = (answered.len() >= 2)
            .then(|| {
                let replicates =
                    two_level_means(&answered, options.resamples, options.seed, |&(n, c), r| {
                        r.passes(n, c) as f64 / n as f64
                    });
                percentile_interval(&replicates, options.confidence)
            })
            .flatten();
        Estimate { value, interval }
    });
    let counts: Vec<Vec<usize>> = items
        .iter()
        .map(|i| vec![i.solvable_yes, i.solvable_no])
        .collect();
    StudyTally {
        dataset: plan.dataset.clone(),
        overlap: plan.overlap,
        annotators,
        items_answered: answered.len(),
        attempts_finished: items.iter().map(|i| i.finished).sum(),
        attempts_solved: items.iter().map(|i| i.solved).sum(),
        share_solvable,
        items_majority_solvable: items
            .iter()
            .filter(|i| i.finished > 0 && 2 * i.solvable_yes >= i.finished)
            .count(),
        kappa: fleiss_kappa(&counts),
        kappa_items: items.iter().filter(|i| i.finished >= 2).count(),
        flagged: items
            .iter()
            .filter(|i| i.flagged)
            .map(|i| i.id.clone())
            .collect(),
        items,
        flag_rule: FLAG_RULE.to_string(),
        method: format!(
            "Share solvable: mean over items of the share of their annotators answering \"solvable\"; {:.0}% percentile two-level bootstrap (items, then annotators within items), {} resamples, seed {}. Agreement: Fleiss' kappa on solvable yes/no over items with two or more answers.",
            options.confidence * 100.0,
            options.resamples,
            options.seed
        ),
    }
}

fn item_tally(id: &str, work: &[&StudyWork]) -> ItemTally {
    let finished: Vec<&&StudyWork> = work
        .iter()
        .filter(|w| w.status != WorkStatus::Open)
        .collect();
    let solved = finished.iter().filter(|w| w.solved == Some(true)).count();
    let gave_up = finished
        .iter()
        .filter(|w| w.status == WorkStatus::GaveUp)
        .count();
    let answers: Vec<_> = finished.iter().filter_map(|w| w.answers.as_ref()).collect();
    let solvable_yes = answers.iter().filter(|a| a.solvable).count();
    let solvable_no = answers.len() - solvable_yes;
    let mean_clarity = (!answers.is_empty())
        .then(|| answers.iter().map(|a| f64::from(a.clarity)).sum::<f64>() / answers.len() as f64);
    let flagged = !answers.is_empty()
        && (2 * solvable_no >= answers.len() || mean_clarity.is_some_and(|c| c < 3.0));
    let texts = |pick: &dyn Fn(&benchgen_store::Answers) -> Option<&str>| {
        answers
            .iter()
            .filter_map(|a| pick(a))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect()
    };
    ItemTally {
        id: id.to_string(),
        finished: finished.len(),
        solved,
        failed: finished.len() - solved - gave_up,
        gave_up,
        open: work.len() - finished.len(),
        solve_rate: (!finished.is_empty()).then(|| solved as f64 / finished.len() as f64),
        median_time_s: median(finished.iter().map(|w| w.active_s).collect()),
        mean_clarity,
        solvable_yes,
        solvable_no,
        unsolvable_reasons: texts(&|a| (!a.solvable).then_some(a.why.as_str())),
        knowledge: texts(&|a| Some(a.knowledge.as_str())),
        flagged,
    }
}

impl StudyTally {
    /// One line per figure of the whole study, for the terminal and the page.
    pub fn summary_lines(&self) -> Vec<String> {
        vec![
            format!(
                "{}: {} items planned, each for {} annotators; {} annotators; {} attempts finished on {} items, {} solved",
                self.dataset,
                self.items.len(),
                self.overlap,
                self.annotators,
                self.attempts_finished,
                self.items_answered,
                self.attempts_solved
            ),
            format!(
                "solvable from what is shown: {} of items' answers (95% interval in brackets); {} of {} answered items by at least half of their annotators",
                format::estimate(self.share_solvable.as_ref()),
                self.items_majority_solvable,
                self.items_answered
            ),
            match self.kappa {
                Some(kappa) => format!(
                    "agreement on \"solvable\": Fleiss' kappa {kappa:.3} over {} items with two or more answers",
                    self.kappa_items
                ),
                None => format!(
                    "agreement on \"solvable\": Fleiss' kappa undefined ({} items with two or more answers{})",
                    self.kappa_items,
                    if self.kappa_items > 0 { ", every answer the same" } else { "" }
                ),
            },
            format!(
                "flagged for rewrite ({}): {}",
                self.flag_rule,
                if self.flagged.is_empty() {
                    "none".to_string()
                } else {
                    self.flagged.join(", ")
                }
            ),
        ]
    }

    /// The per-item table, formatted.
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let header = [
            "item",
            "finished",
            "solved",
            "failed",
            "gave up",
            "solve rate",
            "median time",
            "clarity",
            "solvable yes/no",
            "flagged",
            "why not solvable",
        ]
        .map(String::from)
        .to_vec();
        let rows = self
            .items
            .iter()
            .map(|i| {
                vec![
                    i.id.clone(),
                    i.finished.to_string(),
                    i.solved.to_string(),
                    i.failed.to_string(),
                    i.gave_up.to_string(),
                    i.solve_rate
                        .map_or_else(|| format::NOT_AVAILABLE.into(), format::percent),
                    i.median_time_s
                        .map_or_else(|| format::NOT_AVAILABLE.into(), |s| format!("{s:.0} s")),
                    i.mean_clarity
                        .map_or_else(|| format::NOT_AVAILABLE.into(), |c| format!("{c:.1}")),
                    format!("{}/{}", i.solvable_yes, i.solvable_no),
                    if i.flagged { "yes" } else { "" }.to_string(),
                    i.unsolvable_reasons.join(" | "),
                ]
            })
            .collect();
        (header, rows)
    }

    /// One CSV row per item (RFC 4180 quoting), figures unrounded.
    pub fn csv(&self) -> String {
        let mut out = String::from("item,finished,solved,failed,gave_up,open,solve_rate,median_time_s,mean_clarity,solvable_yes,solvable_no,flagged,unsolvable_reasons,knowledge\r\n");
        let number = |v: Option<f64>| v.map_or_else(String::new, |v| v.to_string());
        for i in &self.items {
            let fields = [
                csv_field(&i.id),
                i.finished.to_string(),
                i.solved.to_string(),
                i.failed.to_string(),
                i.gave_up.to_string(),
                i.open.to_string(),
                number(i.solve_rate),
                number(i.median_time_s),
                number(i.mean_clarity),
                i.solvable_yes.to_string(),
                i.solvable_no.to_string(),
                i.flagged.to_string(),
                csv_field(&i.unsolvable_reasons.join(" | ")),
                csv_field(&i.knowledge.join(" | ")),
            ];
            out.push_str(&fields.join(","));
            out.push_str("\r\n");
        }
        out
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fleiss_kappa_matches_a_hand_count() {
        // Four items, two raters each, yes/no: (2,0) (1,1) (0,2) (2,0).
        // Per-item agreement P_i = (Σ n_ij² − n) / (n (n − 1)): 1, 0, 1, 1, so P̄ = 3/4.
        // p_yes = 5/8, p_no = 3/8, so P_e = 25/64 + 9/64 = 34/64.
        // κ = (3/4 − 34/64) / (1 − 34/64) = (14/64) / (30/64) = 7/15.
        let counts = vec![vec![2, 0], vec![1, 1], vec![0, 2], vec![2, 0]];
        let kappa = fleiss_kappa(&counts).unwrap();
        assert!((kappa - 7.0 / 15.0).abs() < 1e-12, "{kappa}");
        // An item with one rating takes no part.
        let mut with_single = counts.clone();
        with_single.push(vec![0, 1]);
        assert_eq!(fleiss_kappa(&with_single), Some(kappa));
    }

    #[test]
    fn fleiss_kappa_matches_fleiss_worked_example() {
        // The worked example of Fleiss' kappa (10 subjects, 14 raters, 5 categories): P̄ =
        // 0.378, P_e = 0.213, κ = 0.210.
        let counts = vec![
            vec![0, 0, 0, 0, 14],
            vec![0, 2, 6, 4, 2],
            vec![0, 0, 3, 5, 6],
            vec![0, 3, 9, 2, 0],
            vec![2, 2, 8, 1, 1],
            vec![7, 7, 0, 0, 0],
            vec![3, 2, 6, 3, 0],
            vec![2, 5, 3, 2, 2],
            vec![6, 5, 2, 1, 0],
            vec![0, 2, 2, 3, 7],
        ];
        let kappa = fleiss_kappa(&counts).unwrap();
        assert!((kappa - 0.2099).abs() < 5e-4, "{kappa}");
    }

    #[test]
    fn fleiss_kappa_is_undefined_without_two_answers_or_with_one_category() {
        assert_eq!(fleiss_kappa(&[vec![1, 0], vec![0, 1]]), None);
        assert_eq!(fleiss_kappa(&[vec![2, 0], vec![3, 0]]), None);
        // Perfect agreement across both categories is 1.
        assert_eq!(fleiss_kappa(&[vec![2, 0], vec![0, 2]]), Some(1.0));
    }

    fn work(
        annotator: &str,
        item: &str,
        status: WorkStatus,
        solved: bool,
        answers: Option<(u8, bool, &str)>,
        active_s: f64,
    ) -> StudyWork {
        StudyWork {
            annotator: annotator.into(),
            item_id: item.into(),
            seq: 0,
            status,
            assigned_at: 0.0,
            last_seen: 0.0,
            active_s,
            draft: String::new(),
            runs: 0,
            last_run: None,
            finished_at: None,
            code: None,
            verdict: None,
            solved: Some(solved),
            answers: answers.map(|(clarity, solvable, why)| benchgen_store::Answers {
                clarity,
                solvable,
                why: why.into(),
                knowledge: "stdlib".into(),
            }),
        }
    }

    #[test]
    fn tallies_count_by_hand() {
        use WorkStatus::{GaveUp, Open, Submitted};
        let plan = StudyPlan {
            dataset: "d".into(),
            items: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            overlap: 2,
        };
        let rows = vec![
            work("x", "a", Submitted, true, Some((5, true, "")), 30.0),
            work("y", "a", Submitted, true, Some((4, true, "")), 50.0),
            work("x", "b", Submitted, false, Some((3, true, "")), 100.0),
            work(
                "y",
                "b",
                Submitted,
                false,
                Some((2, false, "what is a 'blob'?")),
                200.0,
            ),
            work(
                "x",
                "c",
                GaveUp,
                false,
                Some((1, false, "names no output")),
                60.0,
            ),
            work("y", "c", Open, false, None, 10.0),
        ];
        let tally = tally(&plan, 2, &rows, &StatsOptions::default());
        let [a, b, c, d] = &tally.items[..] else {
            panic!("four items")
        };
        assert_eq!((a.finished, a.solved, a.solve_rate), (2, 2, Some(1.0)));
        assert_eq!((a.median_time_s, a.mean_clarity), (Some(40.0), Some(4.5)));
        assert!(!a.flagged);
        assert_eq!((b.failed, b.solvable_yes, b.solvable_no), (2, 1, 1));
        assert_eq!(b.unsolvable_reasons, ["what is a 'blob'?"]);
        assert!(b.flagged, "half say not solvable");
        assert_eq!((c.finished, c.gave_up, c.open), (1, 1, 1));
        assert!(c.flagged);
        assert_eq!((d.finished, d.solve_rate, d.flagged), (0, None, false));
        assert_eq!(tally.flagged, ["b", "c"]);
        assert_eq!((tally.attempts_finished, tally.attempts_solved), (5, 2));
        // Shares solvable per answered item: 1, 1/2, 0; mean 1/2.
        let share = tally.share_solvable.unwrap();
        assert!((share.value - 0.5).abs() < 1e-12);
        let interval = share.interval.unwrap();
        assert!(interval.low <= 0.5 && 0.5 <= interval.high, "{interval:?}");
        assert_eq!(tally.items_majority_solvable, 2);
        // Items with two answers: a (2 yes) and b (1 yes, 1 no): P̄ = 1/2, p_yes = 3/4,
        // P_e = 9/16 + 1/16 = 5/8, κ = (1/2 − 5/8) / (3/8) = −1/3.
        assert_eq!(tally.kappa_items, 2);
        assert!((tally.kappa.unwrap() + 1.0 / 3.0).abs() < 1e-12);
        let csv = tally.csv();
        assert!(
            csv.contains(
                "\r\nb,2,0,2,0,0,0,150,2.5,1,1,true,what is a 'blob'?,stdlib | stdlib\r\n"
            ),
            "{csv}"
        );
    }

    #[test]
    fn median_of_even_and_odd_counts() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), Some(2.5));
    }

    #[test]
    fn csv_quotes_commas_quotes_and_newlines() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
