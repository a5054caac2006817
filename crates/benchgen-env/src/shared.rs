//! One environment for many items, or as few as their conflicts allow.
//!
//! A dataset runs best in one environment, but items pin incompatible versions (one needs
//! `six==1.16.0`, another `six==1.15.0`). Planning:
//!
//! 0. Items with requirements that are not plain names (URLs, paths, options) are unresolvable.
//! 1. Resolve the union of all requirements. If it resolves, that is the plan.
//! 2. Otherwise resolve each item alone (each distinct requirement set once); items that fail
//!    alone are reported as unresolvable.
//! 3. Place items greedily, in input order, into the first environment that takes them. An item
//!    joins without a resolver run when its own lock agrees with every version the environment
//!    pins: the union of two complete, agreeing locks is itself a solution. Otherwise the union of
//!    requirements is resolved; if that fails, the conflict is recorded (which distributions, at
//!    which versions, with which items) and the next environment is tried.
//! 4. An item no environment takes opens a new one ([`ConflictPolicy::Split`]) or is dropped
//!    ([`ConflictPolicy::Drop`], which keeps a single environment).
//!
//! Environments whose members joined without a resolver run are locked once at the end.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use crate::error::EnvError;
use crate::lock::Lock;
use crate::manager::{EnvManager, Environment};
use crate::names::split_requirement;

/// What happens to an item that conflicts with the first environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictPolicy {
    /// Put it into another environment (a new one when none takes it).
    Split,
    /// Leave it out, so that every kept item runs in one environment.
    Drop,
}

/// How a set of items is spread over environments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SharedPlan {
    /// The environments, the first one being the largest shared one.
    pub environments: Vec<PlannedEnv>,
    /// Every failed attempt to add an item to an environment.
    pub conflicts: Vec<Conflict>,
    /// Items left out under [`ConflictPolicy::Drop`].
    pub dropped: Vec<String>,
    /// Items whose own requirements do not resolve.
    pub unresolvable: Vec<Unresolvable>,
}

/// One environment of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedEnv {
    /// Item ids, in input order.
    pub items: Vec<String>,
    /// The union of their requirements.
    pub environment: Environment,
    pub lock: Lock,
}

/// An item that could not join an environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    pub item: String,
    /// Index of the environment in [`SharedPlan::environments`].
    pub environment: usize,
    /// Distributions the item's own lock pins at other versions than the environment does.
    pub packages: Vec<PackageConflict>,
    /// Members of the environment the item does not resolve with (checked pair by pair when there
    /// are few candidates; otherwise the members pinning a conflicting distribution differently).
    pub conflicting_items: Vec<String>,
    /// uv's explanation of why the union does not resolve.
    pub explanation: String,
}

/// One distribution two sides want at different versions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageConflict {
    /// Normalized name.
    pub name: String,
    pub item_version: String,
    pub environment_version: String,
}

/// An item whose requirements do not resolve even alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unresolvable {
    pub item: String,
    pub explanation: String,
}

/// Above this many candidates, conflicting members are not confirmed pair by pair (one resolver
/// run each).
const PAIRWISE_LIMIT: usize = 8;

/// An item resolved alone.
struct Solo<'a> {
    id: &'a str,
    environment: Environment,
    versions: BTreeMap<String, String>,
    lock: Lock,
}

/// An environment being filled.
struct Group {
    members: Vec<usize>,
    requirements: Vec<String>,
    /// Versions of a solution for all members' requirements.
    versions: BTreeMap<String, String>,
    /// A lock of exactly `requirements`, when one was resolved; `None` after a join without a
    /// resolver run.
    lock: Option<Lock>,
}

impl EnvManager {
    /// Spreads `items` (id, requirements) over as few environments as their conflicts allow.
    /// Only infrastructure failures (uv, network) are errors; conflicts are part of the plan.
    pub fn plan_shared(
        &self,
        items: &[(String, Vec<String>)],
        policy: ConflictPolicy,
    ) -> Result<SharedPlan, EnvError> {
        let mut plan = SharedPlan::default();
        let mut valid = Vec::new();
        for (id, requirements) in items {
            // Requirements uv must not be given (URLs, options) make an item unresolvable here.
            match requirements.iter().find(|r| split_requirement(r).is_none()) {
                Some(invalid) => plan.unresolvable.push(Unresolvable {
                    item: id.clone(),
                    explanation: EnvError::InvalidRequirement {
                        requirement: invalid.clone(),
                    }
                    .to_string(),
                }),
                None => valid.push((id.as_str(), self.environment(requirements.iter().cloned()))),
            }
        }
        if valid.is_empty() {
            return Ok(plan);
        }
        let union = self.environment(
            valid
                .iter()
                .flat_map(|(_, environment)| environment.requirements.iter().cloned()),
        );
        if let Some(lock) = resolved(self.lock(&union))? {
            let items = valid.iter().map(|(id, _)| id.to_string()).collect();
            plan.environments.push(PlannedEnv {
                items,
                environment: union,
                lock,
            });
            return Ok(plan);
        }

        // Many items share one requirement set (often none at all): resolve each set once.
        let mut solo_locks: HashMap<Environment, Result<Lock, String>> = HashMap::new();
        let mut solos = Vec::new();
        for (id, environment) in valid {
            if !solo_locks.contains_key(&environment) {
                let outcome = match self.lock(&environment) {
                    Ok(lock) => Ok(lock),
                    Err(EnvError::Unsatisfiable { explanation }) => Err(explanation),
                    Err(error) => return Err(error),
                };
                solo_locks.insert(environment.clone(), outcome);
            }
            match &solo_locks[&environment] {
                Ok(lock) => solos.push(Solo {
                    id,
                    versions: lock.versions(),
                    lock: lock.clone(),
                    environment,
                }),
                Err(explanation) => plan.unresolvable.push(Unresolvable {
                    item: id.to_string(),
                    explanation: explanation.clone(),
                }),
            }
        }

        let mut groups: Vec<Group> = Vec::new();
        for (index, solo) in solos.iter().enumerate() {
            let mut placed = false;
            for (group_index, group) in groups.iter_mut().enumerate() {
                let requirements = union_of(&group.requirements, &solo.environment.requirements);
                if agrees(&group.versions, &solo.versions) {
                    group.versions.extend(solo.versions.clone());
                    group.lock = None;
                } else {
                    match self.lock(&self.environment(requirements.iter().cloned())) {
                        Ok(lock) => {
                            group.versions = lock.versions();
                            group.lock = Some(lock);
                        }
                        Err(EnvError::Unsatisfiable { explanation }) => {
                            plan.conflicts.push(self.describe_conflict(
                                &solos,
                                index,
                                group,
                                group_index,
                                explanation,
                            )?);
                            continue;
                        }
                        Err(error) => return Err(error),
                    }
                }
                group.requirements = requirements;
                group.members.push(index);
                placed = true;
                break;
            }
            if placed {
                continue;
            }
            if groups.is_empty() || policy == ConflictPolicy::Split {
                groups.push(Group {
                    members: vec![index],
                    requirements: solo.environment.requirements.clone(),
                    versions: solo.versions.clone(),
                    lock: Some(solo.lock.clone()),
                });
            } else {
                plan.dropped.push(solo.id.to_string());
            }
        }

        for group in groups {
            let environment = self.environment(group.requirements);
            let lock = match group.lock {
                Some(lock) => lock,
                None => self.lock(&environment)?,
            };
            let items = group
                .members
                .iter()
                .map(|&member| solos[member].id.to_string())
                .collect();
            plan.environments.push(PlannedEnv {
                items,
                environment,
                lock,
            });
        }
        Ok(plan)
    }

    /// Which distributions and which members keep `solos[index]` out of `group`.
    fn describe_conflict(
        &self,
        solos: &[Solo<'_>],
        index: usize,
        group: &Group,
        group_index: usize,
        explanation: String,
    ) -> Result<Conflict, EnvError> {
        let item = &solos[index];
        let packages: Vec<PackageConflict> = item
            .versions
            .iter()
            .filter_map(|(name, version)| {
                let environment_version =
                    group.versions.get(name).filter(|other| *other != version)?;
                Some(PackageConflict {
                    name: name.clone(),
                    item_version: version.clone(),
                    environment_version: environment_version.clone(),
                })
            })
            .collect();
        let candidates: Vec<usize> = group
            .members
            .iter()
            .copied()
            .filter(|&member| {
                packages.iter().any(|package| {
                    solos[member]
                        .versions
                        .get(&package.name)
                        .is_some_and(|version| *version != package.item_version)
                })
            })
            .collect();
        let mut conflicting = candidates.clone();
        if candidates.is_empty() {
            conflicting = group.members.clone();
        } else if candidates.len() <= PAIRWISE_LIMIT {
            let mut confirmed = Vec::new();
            for &member in &candidates {
                let pair = union_of(
                    &item.environment.requirements,
                    &solos[member].environment.requirements,
                );
                if resolved(self.lock(&self.environment(pair)))?.is_none() {
                    confirmed.push(member);
                }
            }
            // No single member conflicts: the conflict needs several of them together.
            if !confirmed.is_empty() {
                conflicting = confirmed;
            }
        }
        Ok(Conflict {
            item: item.id.to_string(),
            environment: group_index,
            packages,
            conflicting_items: conflicting
                .into_iter()
                .map(|member| solos[member].id.to_string())
                .collect(),
            explanation,
        })
    }
}

/// `Some(lock)` when the requirements resolve, `None` when they do not; other failures stay errors.
fn resolved(result: Result<Lock, EnvError>) -> Result<Option<Lock>, EnvError> {
    match result {
        Ok(lock) => Ok(Some(lock)),
        Err(EnvError::Unsatisfiable { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Whether two solutions pin every shared distribution at the same version.
fn agrees(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> bool {
    b.iter()
        .all(|(name, version)| !matches!(a.get(name), Some(other) if other != version))
}

fn union_of(a: &[String], b: &[String]) -> Vec<String> {
    a.iter()
        .chain(b)
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_is_about_shared_names_only() {
        let versions = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };
        let env = versions(&[("six", "1.16.0"), ("attrs", "26.1.0")]);
        assert!(agrees(
            &env,
            &versions(&[("six", "1.16.0"), ("pyyaml", "6.0.2")])
        ));
        assert!(!agrees(&env, &versions(&[("six", "1.15.0")])));
        assert!(agrees(&env, &BTreeMap::new()));
    }
}
