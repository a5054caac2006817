//! Tables `study`, `study_annotators`, `study_sessions` and `study_work`: the record of a human
//! solvability study (`benchgen study serve`), so that nothing an annotator typed or submitted
//! is lost to a page reload, a closed browser or a server restart.
//!
//! Every write is one statement or one `BEGIN IMMEDIATE` transaction (assignment reads the
//! counts and inserts the row in one), so two requests never hand an item to more annotators
//! than planned, and a killed server leaves only whole rows. Times are the server's clock, in
//! Unix seconds, given by the caller: the page's clock is never trusted for time on task.

use std::collections::{HashMap, HashSet};

use rusqlite::{OptionalExtension, Row, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::store::{Store, NOW};

/// What a study is over, table `study` (one row): the dataset's name, the items in plan order,
/// and how many annotators should see each (`overlap`). A server started again on the same file
/// must plan the same study.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudyPlan {
    pub dataset: String,
    pub items: Vec<String>,
    pub overlap: usize,
}

/// Where an annotator's assignment is chosen from (see [`Store::study_assign`]).
#[derive(Debug)]
pub struct AssignState {
    /// The annotator's number, in sign-in order from 0.
    pub number: usize,
    /// Annotators holding each item (open or finished), by item id.
    pub holders: HashMap<String, usize>,
    /// Items this annotator already holds.
    pub mine: HashSet<String>,
}

/// One annotator's work on one item, a row of table `study_work`:
///
/// | column | meaning |
/// |---|---|
/// | `annotator`, `item_id` | primary key |
/// | `seq` | the item's place in the annotator's order, from 0 |
/// | `status` | `open`, `submitted` or `gave_up` |
/// | `assigned_at`, `last_seen`, `finished_at` | server clock, Unix seconds |
/// | `active_s` | time on task: the gaps between the page's requests about the item, each capped (a closed page or a stopped server stops the clock) |
/// | `draft` | the editor's text as last saved |
/// | `runs` | test runs asked for; `last_run` (JSON) what the page showed after the last |
/// | `code`, `verdict`, `solved` | what was submitted and its verdict (a give-up: the draft, not solved) |
/// | `clarity` (1–5), `solvable` (0/1), `why`, `knowledge` | the annotator's answers |
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyWork {
    pub annotator: String,
    pub item_id: String,
    pub seq: usize,
    pub status: WorkStatus,
    pub assigned_at: f64,
    pub last_seen: f64,
    pub active_s: f64,
    pub draft: String,
    pub runs: usize,
    pub last_run: Option<serde_json::Value>,
    pub finished_at: Option<f64>,
    pub code: Option<String>,
    pub verdict: Option<String>,
    pub solved: Option<bool>,
    pub answers: Option<Answers>,
}

/// Where a piece of work stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkStatus {
    Open,
    Submitted,
    GaveUp,
}

impl WorkStatus {
    fn as_str(self) -> &'static str {
        match self {
            WorkStatus::Open => "open",
            WorkStatus::Submitted => "submitted",
            WorkStatus::GaveUp => "gave_up",
        }
    }

    fn parse(text: &str) -> rusqlite::Result<Self> {
        match text {
            "open" => Ok(WorkStatus::Open),
            "submitted" => Ok(WorkStatus::Submitted),
            "gave_up" => Ok(WorkStatus::GaveUp),
            other => Err(rusqlite::Error::InvalidColumnType(
                0,
                format!("status `{other}`"),
                rusqlite::types::Type::Text,
            )),
        }
    }
}

/// The questions every finished item asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answers {
    /// How clear the instruction is, 1 (not at all) to 5 (fully).
    pub clarity: u8,
    /// Whether the item can be solved from what it shows.
    pub solvable: bool,
    /// Why not (or any remark).
    pub why: String,
    /// What knowledge it needed: tags and free text.
    pub knowledge: String,
}

/// A change to an annotator's open item; each also moves its time on task.
#[derive(Debug)]
pub enum WorkUpdate<'a> {
    /// The page is open on the item (a heartbeat or a load).
    Seen,
    /// The editor's text was saved.
    Draft(&'a str),
    /// The tests ran on `code`; `result` is what the page shows of it.
    Ran {
        code: &'a str,
        result: &'a serde_json::Value,
    },
    /// The item is finished: submitted (with its verdict) or given up.
    Finish {
        status: WorkStatus,
        code: &'a str,
        verdict: Option<&'a str>,
        solved: bool,
        answers: &'a Answers,
    },
}

pub(crate) const MIGRATION: &str = r#"
CREATE TABLE study (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    plan       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE study_annotators (
    name      TEXT PRIMARY KEY,
    number    INTEGER NOT NULL UNIQUE,
    joined_at TEXT NOT NULL
);
CREATE TABLE study_sessions (
    token_digest TEXT PRIMARY KEY,
    annotator    TEXT NOT NULL REFERENCES study_annotators (name),
    created_at   TEXT NOT NULL
);
CREATE TABLE study_work (
    annotator   TEXT NOT NULL REFERENCES study_annotators (name),
    item_id     TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    status      TEXT NOT NULL,
    assigned_at REAL NOT NULL,
    last_seen   REAL NOT NULL,
    active_s    REAL NOT NULL DEFAULT 0,
    draft       TEXT NOT NULL,
    runs        INTEGER NOT NULL DEFAULT 0,
    last_run    TEXT,
    finished_at REAL,
    code        TEXT,
    verdict     TEXT,
    solved      INTEGER,
    clarity     INTEGER,
    solvable    INTEGER,
    why         TEXT,
    knowledge   TEXT,
    PRIMARY KEY (annotator, item_id)
);
CREATE INDEX study_work_item ON study_work (item_id);
"#;

/// Time on task grows by the gap since the page's last request about the item, at most this
/// much: the page asks at least every 20 s while it is open, so a longer gap is a closed page,
/// a sleeping laptop or a stopped server, and counts as this much at most.
pub const IDLE_CAP_S: f64 = 60.0;

fn json_error(source: serde_json::Error) -> StoreError {
    StoreError::Json {
        table: "study",
        source,
    }
}

impl Store {
    /// The study this file holds, if any.
    pub fn study_plan(&self) -> Result<Option<StudyPlan>, StoreError> {
        let text: Option<String> = self
            .connection()
            .query_row("SELECT plan FROM study WHERE id = 1", [], |row| row.get(0))
            .optional()?;
        text.map(|t| serde_json::from_str(&t).map_err(json_error))
            .transpose()
    }

    /// Records `plan` when the file holds no study yet; returns the study the file holds (the
    /// caller refuses to serve one that differs).
    pub fn begin_study(&self, plan: &StudyPlan) -> Result<StudyPlan, StoreError> {
        let text = serde_json::to_string(plan).map_err(json_error)?;
        self.connection().execute(
            &format!("INSERT OR IGNORE INTO study (id, plan, created_at) VALUES (1, ?1, {NOW})"),
            [text],
        )?;
        Ok(self.study_plan()?.expect("the study row was just written"))
    }

    /// Adds the annotator `name` (numbered in sign-in order) unless known, and opens a session
    /// for them under `token_digest`.
    pub fn study_sign_in(&self, name: &str, token_digest: &str) -> Result<(), StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        transaction.execute(
            &format!(
                "INSERT OR IGNORE INTO study_annotators (name, number, joined_at)
                 VALUES (?1, (SELECT COUNT(*) FROM study_annotators), {NOW})"
            ),
            [name],
        )?;
        transaction.execute(
            &format!(
                "INSERT INTO study_sessions (token_digest, annotator, created_at) VALUES (?1, ?2, {NOW})"
            ),
            [token_digest, name],
        )?;
        transaction.commit()?;
        Ok(())
    }

    /// The annotator whose session `token_digest` is.
    pub fn study_session(&self, token_digest: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .connection()
            .query_row(
                "SELECT annotator FROM study_sessions WHERE token_digest = ?1",
                [token_digest],
                |row| row.get(0),
            )
            .optional()?)
    }

    /// Ends the session `token_digest`.
    pub fn study_sign_out(&self, token_digest: &str) -> Result<(), StoreError> {
        self.connection().execute(
            "DELETE FROM study_sessions WHERE token_digest = ?1",
            [token_digest],
        )?;
        Ok(())
    }

    /// The annotator's open item; when there is none, the one `choose` picks from the counts
    /// (read and written in one transaction), opened with `draft(item)` as its text. `None`:
    /// nothing is left for this annotator.
    pub fn study_assign(
        &self,
        annotator: &str,
        now: f64,
        choose: impl FnOnce(&AssignState) -> Option<String>,
        draft: impl FnOnce(&str) -> String,
    ) -> Result<Option<StudyWork>, StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let open = transaction
            .query_row(
                "SELECT * FROM study_work WHERE annotator = ?1 AND status = 'open'",
                [annotator],
                read_work,
            )
            .optional()?;
        if open.is_some() {
            return Ok(open);
        }
        let number: i64 = transaction.query_row(
            "SELECT number FROM study_annotators WHERE name = ?1",
            [annotator],
            |row| row.get(0),
        )?;
        let mut holders = HashMap::new();
        let mut mine = HashSet::new();
        {
            let mut statement = transaction.prepare("SELECT annotator, item_id FROM study_work")?;
            let rows = statement.query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })?;
            for row in rows {
                let (who, item) = row?;
                *holders.entry(item.clone()).or_insert(0) += 1;
                if who == annotator {
                    mine.insert(item);
                }
            }
        }
        let seq = mine.len();
        let state = AssignState {
            number: number as usize,
            holders,
            mine,
        };
        let Some(item) = choose(&state) else {
            return Ok(None);
        };
        transaction.execute(
            "INSERT INTO study_work (annotator, item_id, seq, status, assigned_at, last_seen, draft)
             VALUES (?1, ?2, ?3, 'open', ?4, ?4, ?5)",
            (annotator, &item, seq as i64, now, draft(&item)),
        )?;
        let work = transaction.query_row(
            "SELECT * FROM study_work WHERE annotator = ?1 AND item_id = ?2",
            [annotator, &item],
            read_work,
        )?;
        transaction.commit()?;
        Ok(Some(work))
    }

    /// Applies `update` to the annotator's open work on `item_id` and moves its time on task
    /// (the gap since `last_seen`, at most [`IDLE_CAP_S`]). `false` when that item is not open
    /// for them (finished already, or never theirs): nothing is written.
    pub fn study_update(
        &self,
        annotator: &str,
        item_id: &str,
        now: f64,
        update: WorkUpdate<'_>,
    ) -> Result<bool, StoreError> {
        const TOUCH: &str =
            "active_s = active_s + MIN(MAX(?3 - last_seen, 0), ?4), last_seen = MAX(last_seen, ?3)";
        const OPEN: &str = "WHERE annotator = ?1 AND item_id = ?2 AND status = 'open'";
        let connection = self.connection();
        let base = (annotator, item_id, now, IDLE_CAP_S);
        let changed = match update {
            WorkUpdate::Seen => {
                connection.execute(&format!("UPDATE study_work SET {TOUCH} {OPEN}"), base)?
            }
            WorkUpdate::Draft(code) => connection.execute(
                &format!("UPDATE study_work SET {TOUCH}, draft = ?5 {OPEN}"),
                (base.0, base.1, base.2, base.3, code),
            )?,
            WorkUpdate::Ran { code, result } => connection.execute(
                &format!(
                    "UPDATE study_work SET {TOUCH}, draft = ?5, runs = runs + 1, last_run = ?6 {OPEN}"
                ),
                (base.0, base.1, base.2, base.3, code, result.to_string()),
            )?,
            WorkUpdate::Finish {
                status,
                code,
                verdict,
                solved,
                answers,
            } => connection.execute(
                &format!(
                    "UPDATE study_work SET {TOUCH}, status = ?5, draft = ?6, code = ?6, verdict = ?7,
                         solved = ?8, clarity = ?9, solvable = ?10, why = ?11, knowledge = ?12,
                         finished_at = ?3 {OPEN}"
                ),
                rusqlite::params![
                    annotator,
                    item_id,
                    now,
                    IDLE_CAP_S,
                    status.as_str(),
                    code,
                    verdict,
                    solved,
                    answers.clarity,
                    answers.solvable,
                    answers.why,
                    answers.knowledge
                ],
            )?,
        };
        Ok(changed == 1)
    }

    /// Every annotator's work, by annotator then order.
    pub fn study_work(&self) -> Result<Vec<StudyWork>, StoreError> {
        let connection = self.connection();
        let mut statement =
            connection.prepare("SELECT * FROM study_work ORDER BY annotator, seq")?;
        let rows = statement.query_map([], read_work)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The annotators, in sign-in order.
    pub fn study_annotators(&self) -> Result<Vec<String>, StoreError> {
        let connection = self.connection();
        let mut statement =
            connection.prepare("SELECT name FROM study_annotators ORDER BY number")?;
        let rows = statement.query_map([], |row| row.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

fn read_work(row: &Row<'_>) -> rusqlite::Result<StudyWork> {
    let status = WorkStatus::parse(&row.get::<_, String>("status")?)?;
    let last_run: Option<String> = row.get("last_run")?;
    let clarity: Option<u8> = row.get("clarity")?;
    Ok(StudyWork {
        annotator: row.get("annotator")?,
        item_id: row.get("item_id")?,
        seq: row.get::<_, i64>("seq")? as usize,
        status,
        assigned_at: row.get("assigned_at")?,
        last_seen: row.get("last_seen")?,
        active_s: row.get("active_s")?,
        draft: row.get("draft")?,
        runs: row.get::<_, i64>("runs")? as usize,
        last_run: last_run.and_then(|t| serde_json::from_str(&t).ok()),
        finished_at: row.get("finished_at")?,
        code: row.get("code")?,
        verdict: row.get("verdict")?,
        solved: row.get("solved")?,
        answers: match clarity {
            Some(clarity) => Some(Answers {
                clarity,
                solvable: row.get("solvable")?,
                why: row.get("why")?,
                knowledge: row.get("knowledge")?,
            }),
            None => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_free(state: &AssignState) -> Option<String> {
        ["a", "b"]
            .into_iter()
            .find(|i| !state.mine.contains(*i) && state.holders.get(*i).copied().unwrap_or(0) < 1)
            .map(String::from)
    }

    #[test]
    fn work_survives_reopening_and_time_on_task_is_capped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("study.sqlite");
        let store = Store::open(&path).unwrap();
        let plan = StudyPlan {
            dataset: "d".into(),
            items: vec!["a".into(), "b".into()],
            overlap: 1,
        };
        assert_eq!(store.begin_study(&plan).unwrap(), plan);
        store.study_sign_in("ann", "t1").unwrap();
        store.study_sign_in("bob", "t2").unwrap();
        let work = store
            .study_assign("ann", 100.0, first_free, |i| format!("draft {i}"))
            .unwrap()
            .unwrap();
        assert_eq!(
            (work.item_id.as_str(), work.draft.as_str()),
            ("a", "draft a")
        );
        // Asking again gives the same open item, not a second one.
        let again = store
            .study_assign("ann", 101.0, |_| panic!("not asked"), |_| unreachable!())
            .unwrap()
            .unwrap();
        assert_eq!(again.item_id, "a");
        assert!(store
            .study_update("ann", "a", 110.0, WorkUpdate::Draft("x = 1"))
            .unwrap());
        // A long gap (page closed, server down) counts as IDLE_CAP_S at most.
        assert!(store
            .study_update("ann", "a", 1000.0, WorkUpdate::Seen)
            .unwrap());
        assert!(!store
            .study_update("ann", "b", 1000.0, WorkUpdate::Seen)
            .unwrap());
        drop(store);

        let store = Store::open(&path).unwrap();
        assert_eq!(store.study_plan().unwrap(), Some(plan));
        assert_eq!(store.study_session("t2").unwrap().as_deref(), Some("bob"));
        let answers = Answers {
            clarity: 4,
            solvable: true,
            why: String::new(),
            knowledge: "python".into(),
        };
        let finish = WorkUpdate::Finish {
            status: WorkStatus::Submitted,
            code: "x = 2",
            verdict: Some("passed"),
            solved: true,
            answers: &answers,
        };
        assert!(store.study_update("ann", "a", 1010.0, finish).unwrap());
        let work = store.study_work().unwrap();
        assert_eq!(work.len(), 1);
        let a = &work[0];
        assert_eq!(a.active_s, 10.0 + IDLE_CAP_S + 10.0);
        assert_eq!(a.status, WorkStatus::Submitted);
        assert_eq!(a.code.as_deref(), Some("x = 2"));
        assert_eq!(a.answers.as_ref(), Some(&answers));
        // A finished item takes no more writes.
        assert!(!store
            .study_update("ann", "a", 1020.0, WorkUpdate::Seen)
            .unwrap());
        // `a` is full (overlap 1): bob gets `b`, then nothing.
        let bob = store
            .study_assign("bob", 1.0, first_free, |i| i.to_string())
            .unwrap();
        assert_eq!(bob.unwrap().item_id, "b");
        assert_eq!(store.study_annotators().unwrap(), ["ann", "bob"]);
        store.study_sign_out("t2").unwrap();
        assert_eq!(store.study_session("t2").unwrap(), None);
    }
}
