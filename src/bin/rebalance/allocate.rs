//! `rebalance allocate`: a scenario from flags, its table and diagnosis, or JSON.

use super::args::{fail_on_arg, lang_arg, refuse_params, AllocateArgs};
use super::json::{self, Allocation, Retry};
use super::out::{found, print_out};
use super::report::{table, write_pictures};
use rebalance_playground::group::settings::apply_params;
use rebalance_playground::group::{simulate, Scenario};
use rebalance_playground::import::kinds::{present, Known};
use std::process::ExitCode;

pub(crate) fn allocate(a: AllocateArgs) -> Result<ExitCode, ExitCode> {
    let lang = lang_arg("allocate", &a.lang)?;
    let fail_on = fail_on_arg("allocate", &a.fail_on, lang)?;
    let (scenario, problems) = apply_params(&Scenario::default(), &a.flags.params());
    refuse_params("allocate", &problems, lang)?;
    let sim = simulate(&scenario);
    let end = || found("allocate", &fail_on, &present(&sim, Known::ALL, &[]), lang).unwrap_or(ExitCode::SUCCESS);
    if write_pictures("allocate", &a.picture, &scenario, &sim, lang)? {
        return Ok(end());
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
    print_out("allocate", &text, lang)?;
    Ok(end())
}
