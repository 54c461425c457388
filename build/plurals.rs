//! CLDR's plural rules for whole numbers, compiled to Rust at build time. `locales/cldr/plurals.json` is
//! CLDR's own file (npm `cldr-core`, verbatim); each listed language's rules become one expression over `n`,
//! checked here against every whole-number sample CLDR gives with the rule. A run-time rules crate would
//! carry every locale's rules into the page (intl_pluralrules: 9.7 KB gzipped in wasm, measured); this is
//! a few comparisons per language.
//!
//! Counts are whole numbers, so of the operands only `n` and `i` vary; `v`, `w`, `f`, `t`, `c` and `e` are 0.

use std::fmt::Write;

/// CLDR tries the categories in this order; `other` is what none of them matched.
pub const ORDER: [&str; 5] = ["zero", "one", "two", "few", "many"];

/// `i % 10 = 2..4` (or `!=`): one relation of a rule.
#[derive(Debug)]
struct Relation {
    operand: char,
    modulus: Option<u64>,
    negated: bool,
    ranges: Vec<(u64, u64)>,
}

/// Relations joined by `and`, joined by `or`.
type Condition = Vec<Vec<Relation>>;

/// The rules of one CLDR locale, in [`ORDER`], ready to be written as Rust.
pub struct Rules(Vec<(&'static str, Condition)>);

/// The rules `locale` has in `plurals.json` (its text), each checked against its samples.
pub fn rules(plurals: &serde_json::Value, locale: &str) -> Result<Rules, String> {
    let table = &plurals["supplemental"]["plurals-type-cardinal"];
    let Some(own) = table.get(locale).and_then(|l| l.as_object()) else {
        return Err(format!("CLDR has no plural rules for `{locale}` (locales/cldr/plurals.json)"));
    };
    let mut rules = vec![];
    let mut samples = vec![];
    for category in ORDER.iter().chain(&["other"]) {
        let Some(text) = own.get(&format!("pluralRule-count-{category}")).and_then(|t| t.as_str()) else { continue };
        let (condition, examples) = text.split_once('@').map_or((text, ""), |(c, s)| (c, s));
        let condition = condition.trim();
        if !condition.is_empty() {
            let parsed =
                parse(condition).map_err(|e| format!("`{locale}`'s rule {category} = \"{condition}\": {e}"))?;
            rules.push((*category, parsed));
        }
        samples.push((*category, whole_samples(&format!("@{examples}"))));
    }
    let rules = Rules(rules);
    for (category, values) in samples {
        for n in values {
            let got = rules.category(n);
            if got != category {
                return Err(format!(
                    "`{locale}`'s plural rules give {n} the category {got}, CLDR's samples {category}"
                ));
            }
        }
    }
    Ok(rules)
}

/// The whole numbers of a rule's `@integer` samples (`0, 2~16, 100, …`), without the compact ones (`1c6`),
/// whose exponent a count never has.
fn whole_samples(text: &str) -> Vec<u64> {
    let Some(list) = text.split("@integer").nth(1) else { return vec![] };
    let list = list.split('@').next().unwrap_or("");
    let mut out = vec![];
    for item in list.split(',').map(str::trim) {
        match item.split_once('~') {
            Some((a, b)) => {
                if let (Ok(a), Ok(b)) = (a.parse::<u64>(), b.parse::<u64>()) {
                    out.extend(a..=b);
                }
            }
            None => out.extend(item.parse::<u64>().ok()),
        }
    }
    out
}

impl Rules {
    /// The category of `n`, as the generated code computes it.
    pub fn category(&self, n: u64) -> &'static str {
        self.0.iter().find(|(_, c)| c.iter().any(|all| all.iter().all(|r| r.holds(n)))).map_or("other", |(c, _)| c)
    }

    /// A Rust expression of type `Plural` over `n: u64`.
    pub fn rust(&self) -> String {
        let mut out = String::new();
        let mut open = 0;
        for (category, condition) in &self.0 {
            match condition_rust(condition) {
                None => continue,
                Some(test) if test == "true" => {
                    let _ = write!(out, "Plural::{}", capitalised(category));
                    return out + &" }".repeat(open);
                }
                Some(test) => {
                    let _ = write!(out, "if {test} {{ Plural::{} }} else {{ ", capitalised(category));
                    open += 1;
                }
            }
        }
        out + "Plural::Other" + &" }".repeat(open)
    }

    /// Whether the expression reads `n` (else it is one category whatever the number).
    pub fn uses_n(&self) -> bool {
        self.rust().starts_with("if ")
    }
}

impl Relation {
    fn value(&self, n: u64) -> u64 {
        let x = if matches!(self.operand, 'n' | 'i') { n } else { 0 };
        self.modulus.map_or(x, |m| x % m)
    }

    fn holds(&self, n: u64) -> bool {
        let x = self.value(n);
        self.ranges.iter().any(|&(a, b)| (a..=b).contains(&x)) != self.negated
    }

    /// `None` when it never holds for a whole number, `true` when it always does, else a Rust test.
    fn rust(&self) -> Option<String> {
        if !matches!(self.operand, 'n' | 'i') {
            return self.holds(0).then(|| "true".into());
        }
        let x = self.modulus.map_or("n".to_string(), |m| format!("n % {m}"));
        let test = match self.ranges.as_slice() {
            [(a, b)] if a == b => format!("{x} {} {a}", if self.negated { "!=" } else { "==" }),
            ranges => {
                let arms: Vec<String> =
                    ranges.iter().map(|(a, b)| if a == b { a.to_string() } else { format!("{a}..={b}") }).collect();
                format!("{}matches!({x}, {})", if self.negated { "!" } else { "" }, arms.join(" | "))
            }
        };
        Some(test)
    }
}

/// `None` when the condition never holds for a whole number.
fn condition_rust(condition: &Condition) -> Option<String> {
    let mut any = vec![];
    for all in condition {
        let mut tests = vec![];
        let mut possible = true;
        for r in all {
            match r.rust() {
                None => possible = false,
                Some(t) if t == "true" => {}
                Some(t) => tests.push(t),
            }
        }
        if !possible {
            continue;
        }
        if tests.is_empty() {
            return Some("true".into());
        }
        any.push(tests.join(" && "));
    }
    match any.len() {
        0 => None,
        1 => any.pop(),
        _ => Some(any.iter().map(|t| format!("({t})")).collect::<Vec<_>>().join(" || ")),
    }
}

fn capitalised(category: &str) -> String {
    let mut c = category.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// `condition = and ('or' and)*`, `and = relation ('and' relation)*`,
/// `relation = operand ('%' value)? ('=' | '!=') range (',' range)*`, `range = value ('..' value)?`.
fn parse(text: &str) -> Result<Condition, String> {
    let mut condition = vec![];
    for any in text.split(" or ") {
        let mut all = vec![];
        for relation in any.split(" and ") {
            all.push(parse_relation(relation.trim())?);
        }
        condition.push(all);
    }
    Ok(condition)
}

fn parse_relation(text: &str) -> Result<Relation, String> {
    let (left, negated, right) = match (text.split_once("!="), text.split_once('=')) {
        (Some((l, r)), _) => (l, true, r),
        (None, Some((l, r))) => (l, false, r),
        _ => return Err(format!("`{text}` is not a relation such as `i % 10 = 2..4`")),
    };
    let (operand, modulus) = match left.split_once('%') {
        Some((o, m)) => (o.trim(), Some(m.trim().parse::<u64>().map_err(|_| format!("`{m}` is not a modulus"))?)),
        None => (left.trim(), None),
    };
    let operand = match operand {
        "n" | "i" | "v" | "w" | "f" | "t" | "c" | "e" => operand.chars().next().unwrap_or('n'),
        other => return Err(format!("unknown operand `{other}`")),
    };
    let mut ranges = vec![];
    for range in right.split(',').map(str::trim) {
        let number = |t: &str| t.trim().parse::<u64>().map_err(|_| format!("`{t}` is not a whole number"));
        ranges.push(match range.split_once("..") {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        });
    }
    Ok(Relation { operand, modulus, negated, ranges })
}
