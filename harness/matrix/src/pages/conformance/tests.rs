//! Tests of `conformance`.
use super::*;
use rep_core::case::Expect;

#[test]
fn file_ids_drop_the_case_name() {
    assert_eq!(file_id(&Case::sample(Expect::Allowed, Expect::Allowed)), "x");
}
