//! What `/metrics` shows, in the Prometheus text format: requests by route and status, verdicts
//! by kind, pairs pending, requests in flight, grade latency, batches, cache hits and sandbox
//! restarts.

use benchgen_core::Verdict;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub route: String,
    pub status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct VerdictLabels {
    pub verdict: String,
}

pub struct Metrics {
    registry: Registry,
    pub requests: Family<RouteLabels, Counter>,
    pub verdicts: Family<VerdictLabels, Counter>,
    pub infra_errors: Counter,
    pub pending: Gauge,
    pub in_flight: Gauge,
    pub grade_seconds: Histogram,
    pub batches: Counter,
    pub cache_hits: Counter,
    pub sandbox_restarts: Counter,
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("benchgen_serve");
        let requests = Family::<RouteLabels, Counter>::default();
        let verdicts = Family::<VerdictLabels, Counter>::default();
        let (infra_errors, pending, in_flight) =
            (Counter::default(), Gauge::default(), Gauge::default());
        // 1 ms to about 2 minutes.
        let grade_seconds = Histogram::new(exponential_buckets(0.001, 2.0, 18));
        let (batches, cache_hits, sandbox_restarts) =
            (Counter::default(), Counter::default(), Counter::default());
        registry.register(
            "requests",
            "HTTP requests by route and status",
            requests.clone(),
        );
        registry.register("verdicts", "Judged pairs by verdict", verdicts.clone());
        registry.register(
            "infra_errors",
            "Pairs benchgen could not judge (no reward given)",
            infra_errors.clone(),
        );
        registry.register(
            "pending_pairs",
            "Pairs waiting or being judged",
            pending.clone(),
        );
        registry.register(
            "in_flight_requests",
            "Requests being answered",
            in_flight.clone(),
        );
        registry.register(
            "grade_seconds",
            "Time from a grading request's arrival to its answer",
            grade_seconds.clone(),
        );
        registry.register("batches", "Batches judged", batches.clone());
        registry.register(
            "cache_hits",
            "Pairs answered from the cache",
            cache_hits.clone(),
        );
        registry.register(
            "sandbox_restarts",
            "Sandboxes restarted after a run killed them",
            sandbox_restarts.clone(),
        );
        Metrics {
            registry,
            requests,
            verdicts,
            infra_errors,
            pending,
            in_flight,
            grade_seconds,
            batches,
            cache_hits,
            sandbox_restarts,
        }
    }

    pub fn verdict(&self, verdict: Verdict) {
        self.verdicts
            .get_or_create(&VerdictLabels {
                verdict: verdict.as_str().to_string(),
            })
            .inc();
    }

    /// The text exposition.
    pub fn render(&self) -> String {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String does not fail");
        text
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}
