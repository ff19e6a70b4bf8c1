//! Unit tests of the fault injector: determinism, rates, counters, names.

use super::*;

fn sequence(seed: u64, rate: f64, n: usize) -> Vec<Option<Fault>> {
    let chaos = Chaos::new(&ChaosConfig {
        rate,
        seed: Some(seed),
        ..ChaosConfig::default()
    });
    (0..n).map(|_| chaos.draw()).collect()
}

#[test]
fn same_seed_same_faults() {
    assert_eq!(sequence(7, 0.5, 100), sequence(7, 0.5, 100));
    assert_ne!(sequence(7, 0.5, 100), sequence(8, 0.5, 100));
}

#[test]
fn rate_one_always_and_rate_zero_never_fail() {
    assert!(sequence(1, 1.0, 200).iter().all(Option::is_some));
    assert!(sequence(1, 0.0, 200).iter().all(Option::is_none));
    let kinds: std::collections::HashSet<_> = sequence(1, 1.0, 200).into_iter().flatten().collect();
    assert_eq!(kinds.len(), Fault::ALL.len(), "every kind is drawn");
}

#[test]
fn counters_follow_the_draws() {
    let chaos = Chaos::new(&ChaosConfig {
        rate: 0.3,
        seed: Some(3),
        ..ChaosConfig::default()
    });
    let drawn = (0..1000).filter_map(|_| chaos.draw()).count() as u64;
    assert_eq!(chaos.injected_total(), drawn);
    assert!((220..=380).contains(&drawn), "{drawn} of 1000 at rate 0.3");
}

#[test]
fn rates_outside_zero_to_one_are_refused() {
    assert_eq!(parse_rate("0"), Ok(0.0));
    assert_eq!(parse_rate("1.0"), Ok(1.0));
    assert_eq!(parse_rate("0.25"), Ok(0.25));
    for bad in ["2", "-0.1", "NaN", "inf", "", "half"] {
        assert!(parse_rate(bad).is_err(), "{bad}");
    }
}

#[test]
fn request_ids_name_the_operation() {
    assert_eq!(request_id_prefix("/translate"), "TRAN");
    assert_eq!(request_id_prefix("/translator/text/v3.0/detect"), "DTCT");
    assert_eq!(request_id_prefix("/sts/v1.0/issueToken"), "STS");
    assert_eq!(
        request_id_prefix("/translator/text/v3.0/sts/v1.0/issueToken"),
        "GLSA"
    );
    assert_eq!(request_id_prefix("/nowhere"), "GLSA");
}
