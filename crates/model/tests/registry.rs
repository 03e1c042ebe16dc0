//! The rule registry is the one list of rules: the JSON reader, `--rules` and the docs follow
//! it.

use sudoku_ip_model::rules::{entry, rule_from_name, switchable_names, REGISTRY};
use sudoku_ip_model::{json, ParseError, Puzzle};

/// A puzzle from JSON text through the model's canonical JSON reader.
fn parse_json(text: &str) -> Result<Puzzle, ParseError> {
    let value =
        serde_json::from_str(text).map_err(|e| ParseError::Json { path: "$".into(), message: e.to_string() })?;
    json::parse_value(&value)
}

fn doc(path: &str) -> String {
    let full = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

#[test]
fn every_registered_rule_is_documented_in_the_json_format_and_the_rules_reference() {
    let (format, rules) = (doc("docs/json-format.md"), doc("docs/rules.md"));
    for e in REGISTRY {
        let row = format!("| `{}`", e.name);
        assert!(format.contains(&row), "docs/json-format.md has no table row for {}", e.name);
        assert!(rules.contains(&e.name.to_string()), "docs/rules.md never names {}", e.name);
    }
}

#[test]
fn every_switchable_rule_reads_by_name_and_by_json_type_and_aliases_too() {
    assert!(!switchable_names().is_empty());
    for e in REGISTRY.iter().filter(|e| e.switchable()) {
        for name in std::iter::once(&e.name).chain(e.aliases) {
            let rule = rule_from_name(name, 9).unwrap_or_else(|m| panic!("{name}: {m}"));
            assert_eq!(rule.name(), e.name);
            let json = format!(r#"{{"size": 9, "rules": [{{"type": "{name}"}}]}}"#);
            let p = parse_json(&json).unwrap_or_else(|m| panic!("{name}: {m}"));
            assert_eq!(p.rules(), std::slice::from_ref(&rule));
            // Written back under its own name.
            assert_eq!(rule.to_json()["type"], e.name);
        }
    }
}

#[test]
fn a_rule_that_needs_data_says_so_by_name() {
    for e in REGISTRY.iter().filter(|e| !e.switchable()) {
        let m = rule_from_name(e.name, 9).expect_err("needs data");
        assert!(m.contains("needs data") && m.contains("diagonal"), "{m}");
    }
    let m = rule_from_name("sandwich-of-doom", 9).expect_err("unknown");
    assert!(m.contains("unknown rule") && m.contains("anti-knight"), "{m}");
    assert!(entry("Anti_Knight").is_some());
}

#[test]
fn json_errors_name_the_rule_path_and_the_registered_names() {
    let e = parse_json(r#"{"size": 9, "rules": [{"type": "diagonal"}, {"type": "nope"}]}"#).expect_err("type");
    let text = e.to_string();
    assert!(text.contains("$.rules[1].type") && text.contains("unknown rule \"nope\""), "{text}");
    for e in REGISTRY {
        assert!(text.contains(e.name), "{text} lacks {}", e.name);
    }
    let e =
        parse_json(r#"{"size": 9, "rules": [{"type": "killer", "cages": [{"cels": ["r1c1"]}]}]}"#).expect_err("typo");
    let text = e.to_string();
    assert!(
        text.contains("$.rules[0].cages[0]") && text.contains("needs \"cells\"") && text.contains("\"cels\""),
        "{e}"
    );
    let e = parse_json(r#"{"size": 9, "rules": [{"type": "thermometer", "thermos": []}]}"#).expect_err("key");
    assert!(e.to_string().contains("needs \"thermometers\"") && e.to_string().contains("\"thermos\""), "{e}");
    let e = parse_json(r#"{"size": 9, "rules": [{"type": "kropki", "whites": []}]}"#).expect_err("key");
    assert!(e.to_string().contains("$.rules[0].whites: unknown key"), "{e}");
}

#[test]
fn every_example_rule_finds_its_own_registry_entry() {
    // `Rule::entry` maps a variant to its registry line by position: every kind the examples
    // use, and every switchable kind, must land on the entry of its own name.
    let dir = format!("{}/../../examples", env!("CARGO_MANIFEST_DIR"));
    let mut kinds = Vec::new();
    for file in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = file.expect("dir entry").path();
        if path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path).expect("example");
            let p = parse_json(&text).unwrap_or_else(|m| panic!("{}: {m}", path.display()));
            kinds.extend(p.rules().iter().cloned());
        }
    }
    kinds.extend(REGISTRY.iter().filter_map(|e| rule_from_name(e.name, 9).ok()));
    assert!(kinds.len() >= REGISTRY.len(), "{} rules for {} kinds", kinds.len(), REGISTRY.len());
    for rule in &kinds {
        assert_eq!(rule.entry().name, rule.name());
    }
    let covered: std::collections::BTreeSet<_> = kinds.iter().map(|r| r.name()).collect();
    let missing: Vec<_> = REGISTRY.iter().map(|e| e.name).filter(|n| !covered.contains(n)).collect();
    assert!(missing.is_empty(), "no example puzzle uses {missing:?}");
}
