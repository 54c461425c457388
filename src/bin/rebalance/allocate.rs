//! `rebalance allocate`: a scenario from flags, its table and diagnosis, or JSON.

use super::args::{fail_on_arg, lang_arg, AllocateArgs};
use super::json::{self, Allocation, Retry};
use super::out::{found, print_out};
use super::report::{table, write_pictures};
use rebalance_playground::group::settings::apply_params;
use rebalance_playground::group::{simulate, Scenario};
use rebalance_playground::import::kinds::{present, Known};
use std::process::ExitCode;

pub(crate) fn allocate(a: AllocateArgs) -> ExitCode {
    let lang = match lang_arg("allocate", &a.lang) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let fail_on = match fail_on_arg("allocate", &a.fail_on, lang) {
        Ok(k) => k,
        Err(code) => return code,
    };
    let params = a.flags.params();
    let (scenario, problems) = apply_params(&Scenario::default(), &params);
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("rebalance allocate: --{}", p.text(lang));
        }
        return ExitCode::from(2);
    }
    let sim = simulate(&scenario);
    let end = || found("allocate", &fail_on, &present(&sim, Known::ALL, &[]), lang).unwrap_or(ExitCode::SUCCESS);
    match write_pictures("allocate", &a.picture, &scenario, &sim, lang) {
        Err(code) => return code,
        Ok(true) => return end(),
        Ok(false) => {}
    }
    let text = if a.json {
        json::pretty(&Allocation {
            schema_version: json::SCHEMA_VERSION,
            sim: &sim,
            config: &scenario.config,
            retry: Retry::of(&scenario),
        })
    } else {
        table(&scenario, &sim, lang, a.full)
    };
    match print_out("allocate", &text, lang) {
        Ok(()) => end(),
        Err(failed) => failed,
    }
}
