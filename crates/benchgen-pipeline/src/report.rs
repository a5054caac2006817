//! What a model-driven build reports: the funnel, every item's fate, what the model calls cost,
//! and the progress events a caller can draw.

use std::collections::BTreeMap;
use std::fmt;

use benchgen_build::Skip;
use benchgen_core::Example;
use benchgen_llm::StageStats;
use serde::{Deserialize, Serialize};

/// The stages an item goes through, in order. Each is recorded per item in the store's `items`
/// table under [`Stage::as_str`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The model rewrote the code around the target into a self-contained program.
    Sandbox,
    /// The model chose inputs (and setup) for the target.
    Tests,
    /// The program ran, the reference's results were recorded as tests and the reference passes
    /// them (after up to K debug rounds).
    Execute,
    /// The target is still the original function (restored where the model changed it).
    Fidelity,
    /// The tests kill every stub body (and enough mutants, when a minimum is set).
    Gates,
    /// The instruction was written (by the model, or without it when its answer was unusable).
    Instruction,
}

impl Stage {
    pub const ALL: [Stage; 6] = [
        Stage::Sandbox,
        Stage::Tests,
        Stage::Execute,
        Stage::Fidelity,
        Stage::Gates,
        Stage::Instruction,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Sandbox => "sandbox",
            Stage::Tests => "tests",
            Stage::Execute => "execute",
            Stage::Fidelity => "fidelity",
            Stage::Gates => "gates",
            Stage::Instruction => "instruction",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How many items got how far, and where the others left: each stage's own rejections (facts
/// about the item, recorded for good) and errors (the build's problem, retried by the next run).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Funnel {
    /// Functions found in the sources.
    pub found: usize,
    /// Items in: functions selected (and in this shard).
    pub selected: usize,
    /// Items that passed each stage.
    pub sandbox: usize,
    pub tests: usize,
    pub execute: usize,
    pub fidelity: usize,
    pub gates: usize,
    pub instruction: usize,
    /// Items in the dataset.
    pub accepted: usize,
    /// Items rejected at each stage (stages without rejections left out).
    #[serde(default)]
    pub rejected: BTreeMap<Stage, usize>,
    /// Items the build could not finish, by the stage they were in (left out when none).
    #[serde(default)]
    pub errors: BTreeMap<Stage, usize>,
}

impl Funnel {
    /// The count of items that passed `stage`.
    pub fn passed(&self, stage: Stage) -> usize {
        match stage {
            Stage::Sandbox => self.sandbox,
            Stage::Tests => self.tests,
            Stage::Execute => self.execute,
            Stage::Fidelity => self.fidelity,
            Stage::Gates => self.gates,
            Stage::Instruction => self.instruction,
        }
    }

    fn count(&mut self, stage: Stage) {
        let slot = match stage {
            Stage::Sandbox => &mut self.sandbox,
            Stage::Tests => &mut self.tests,
            Stage::Execute => &mut self.execute,
            Stage::Fidelity => &mut self.fidelity,
            Stage::Gates => &mut self.gates,
            Stage::Instruction => &mut self.instruction,
        };
        *slot += 1;
    }

    /// The funnel of `items` after discovery found `found` functions.
    pub fn of_items(found: usize, items: &[ItemReport]) -> Funnel {
        let mut funnel = Funnel {
            found,
            selected: items.len(),
            ..Funnel::default()
        };
        for item in items {
            item.passed.iter().for_each(|&stage| funnel.count(stage));
            match &item.status {
                ItemStatus::Accepted => funnel.accepted += 1,
                ItemStatus::Rejected { stage, .. } => {
                    *funnel.rejected.entry(*stage).or_default() += 1
                }
                ItemStatus::Error { stage, .. } => {
                    let stage = stage.unwrap_or_else(|| item.next_stage());
                    *funnel.errors.entry(stage).or_default() += 1
                }
            }
        }
        funnel
    }

    /// Items lost to errors, all stages together.
    pub fn error_count(&self) -> usize {
        self.errors.values().sum()
    }
}

/// Where an item ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ItemStatus {
    /// In the dataset.
    Accepted,
    /// Left at `stage` for `reason`: a fact about the item and the model, recorded for good.
    Rejected { stage: Stage, reason: String },
    /// The build could not finish the item (model server, store, a bug); nothing final is
    /// recorded, so running the same command again retries it.
    Error {
        /// The stage the item was in; `None` when it failed before any (its record unreadable).
        #[serde(default)]
        stage: Option<Stage>,
        message: String,
    },
}

/// What became of the target across the model's rewrites.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fidelity {
    /// No program was checked (the item left before the sandbox stage answered).
    #[default]
    Unchecked,
    /// Every program the model wrote kept the target as it was.
    Same,
    /// The model changed the target at least once; the original was spliced back.
    Restored,
    /// The model changed the target and the original could not be put back: the item was dropped.
    Dropped,
}

/// One item's fate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemReport {
    pub id: String,
    pub status: ItemStatus,
    /// The stages it passed, in order.
    pub passed: Vec<Stage>,
    /// Debug rounds it took (0: the first program ran).
    pub debug_rounds: u32,
    pub fidelity: Fidelity,
    /// Stages where no model answer was usable and the model-free result was taken instead
    /// (`sandbox`: the slice; `tests`: the probe's own inputs; `instruction`: the model-free
    /// instruction).
    pub fallbacks: Vec<Stage>,
    /// What its model calls cost when they were first paid for (a replayed answer counts at
    /// what it cost then), so a resumed or re-run build reports the items' real cost.
    #[serde(default)]
    pub cost: ItemCost,
}

impl ItemReport {
    /// The first stage the item has not passed (the last one when it passed all).
    pub fn next_stage(&self) -> Stage {
        Stage::ALL
            .into_iter()
            .find(|stage| !self.passed.contains(stage))
            .unwrap_or(Stage::Instruction)
    }
}

/// Model calls of one item and their tokens, as first paid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemCost {
    /// Requests answered (every re-ask of a wrongly shaped answer included).
    pub calls: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

impl ItemCost {
    pub fn add(&mut self, other: ItemCost) {
        self.calls += other.calls;
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
    }
}

/// The result of a build.
#[derive(Debug, Default, Serialize)]
pub struct PipelineReport {
    /// The run's id in the store (derived from the command's inputs unless given).
    pub run_id: String,
    /// Accepted items, in source order.
    pub examples: Vec<Example>,
    pub funnel: Funnel,
    /// Every selected item, in source order.
    pub items: Vec<ItemReport>,
    /// Functions found but not selected, with the reason.
    pub skipped: Vec<Skip>,
    /// Sources that could not be read (the others were built).
    pub source_errors: Vec<String>,
    /// Model calls of this process by stage label (`sandbox`, `tests`, `debug`, `instruction`):
    /// calls answered (replays included) and tokens paid. A resumed run pays only for what the
    /// killed one had not finished.
    pub model_calls: BTreeMap<String, StageStats>,
    /// Sandbox runs of this process: executed now, and replayed from the record.
    pub executed: usize,
    pub replayed: usize,
    /// Items whose final state was read back from the record instead of being built again.
    pub resumed: usize,
}

/// Model cost per accepted item, as first paid.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PerItem {
    pub calls: f64,
    pub prompt_tokens: f64,
    pub completion_tokens: f64,
}

impl PipelineReport {
    /// All stages' model calls together.
    pub fn total_calls(&self) -> StageStats {
        let mut total = StageStats::default();
        for stats in self.model_calls.values() {
            total.add(stats);
        }
        total
    }

    /// What the accepted items' model calls cost when first paid, divided by the accepted
    /// items; `None` when none was accepted. Items read back from the record count with the cost
    /// recorded when they were built, so a re-run of a finished build states the same figure.
    pub fn per_accepted_item(&self) -> Option<PerItem> {
        let accepted = self.funnel.accepted;
        (accepted > 0).then(|| {
            let mut total = ItemCost::default();
            for item in &self.items {
                if item.status == ItemStatus::Accepted {
                    total.add(item.cost);
                }
            }
            let per = |n: u64| n as f64 / accepted as f64;
            PerItem {
                calls: per(total.calls),
                prompt_tokens: per(total.prompt_tokens),
                completion_tokens: per(total.completion_tokens),
            }
        })
    }

    /// The items the build could not finish, in source order.
    pub fn errors(&self) -> impl Iterator<Item = (&ItemReport, Option<Stage>, &str)> {
        self.items.iter().filter_map(|item| match &item.status {
            ItemStatus::Error { stage, message } => Some((item, *stage, message.as_str())),
            _ => None,
        })
    }
}

/// Progress of a build, for a progress display. Events come from the worker threads, one at a
/// time.
#[derive(Debug, Clone, PartialEq)]
pub enum PipelineEvent {
    /// Sources are read and items selected; the build starts.
    Started {
        run_id: String,
        items: usize,
        found: usize,
    },
    /// An item passed or left a stage; its record is written.
    StageFinished {
        id: String,
        stage: Stage,
        passed: bool,
    },
    /// Sandbox runs of an item: digests of those run now, and how many were replayed.
    Executed {
        id: String,
        digests: Vec<String>,
        replayed: usize,
    },
    /// An item is done (`resumed`: its final state was already recorded).
    ItemFinished {
        id: String,
        status: ItemStatus,
        resumed: bool,
    },
}
