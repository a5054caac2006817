//! Stable content digests.
//!
//! Cache keys and dedup keys must not change between releases or platforms, so they are sha256 of
//! an explicit byte serialization, never `std::hash::Hash` (whose output is not stable).

use sha2::{Digest as _, Sha256};

/// Incremental sha256 over length-prefixed fields, so that `("ab", "c")` and `("a", "bc")` differ.
#[derive(Default, Clone)]
pub struct Digester(Sha256);

impl Digester {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one field; the length prefix keeps field boundaries unambiguous.
    pub fn field(mut self, bytes: impl AsRef<[u8]>) -> Self {
        let bytes = bytes.as_ref();
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    /// Hex-encoded sha256 of every field added so far.
    pub fn hex(self) -> String {
        hex::encode(self.0.finalize())
    }
}

/// Digest of a sequence of fields.
pub fn digest_fields<I, B>(fields: I) -> String
where
    I: IntoIterator<Item = B>,
    B: AsRef<[u8]>,
{
    fields
        .into_iter()
        .fold(Digester::new(), Digester::field)
        .hex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_boundaries_matter() {
        assert_ne!(digest_fields(["ab", "c"]), digest_fields(["a", "bc"]));
        assert_eq!(digest_fields(["ab", "c"]), digest_fields(["ab", "c"]));
    }

    #[test]
    fn digest_is_stable_across_releases() {
        // Pinned value: a change here invalidates every cache on disk, so it must be deliberate.
        assert_eq!(
            digest_fields(["benchgen"]),
            "0b4e2ccbb78cdb246c91634a6c2814290e6dbfbcce96ad8c37d42f978dec0546"
        );
    }
}
