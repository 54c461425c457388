//! The core's findings in the reader's language: what went wrong, why, and the fix.

use crate::group::Simulation;
use crate::page::i18n::Lang;
use crate::page::model::{self, Shared, Unknown};
use crate::words;
use yew::prelude::*;

/// Props of [`diagnosis`].
#[derive(PartialEq, Clone)]
pub struct DiagnosisProps {
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    /// What an import left unknown: no finding about consumers holds without the instances, none about an
    /// empty topic without the queues.
    pub unknown: Unknown,
    /// The group and topic, for the command to paste while something is unknown.
    pub group: AttrValue,
    pub topic: AttrValue,
    /// The retry topic's line ([`crate::page::model::retry_line`]), when the group has one.
    pub retry: Option<AttrValue>,
    /// What the clients hold, while the page shows an imported group unedited
    /// ([`crate::page::observed::verdict_of`]): its findings are the ones told.
    pub verdict: Option<std::rc::Rc<crate::import::Verdict>>,
}

/// How many cases of a grouped finding its list draws (the page stays light with thousands of them).
const ENTRIES_SHOWN: usize = 200;

/// See [`DiagnosisProps`].
pub fn diagnosis(p: &DiagnosisProps) -> Html {
    let (sim, lang) = (&p.sim, p.lang);
    let all = model::findings_told(sim, p.verdict.as_deref(), p.unknown);
    // The retry topic's slots are its design: told on its line, not in the list.
    let retry = p.retry.as_ref().map(|r| model::retry_line_with(r, &all, sim, lang));
    let folded = |f: &&crate::group::Finding| retry.is_some() && matches!(f, crate::group::Finding::RetrySlots { .. });
    let shown: Vec<_> = all.iter().filter(|f| !folded(f)).map(|f| (*f, f.text(sim, lang))).collect();
    // The first sentence on the page to name cidAll says what it is, below the list.
    let names_cid_all = shown.iter().any(|(_, text)| text.contains("cidAll"));
    html! {
        <section class="diagnosis" id="diagnosis" aria-label={words::page_diagnosis(lang)}>
            <ul class="findings">
                if p.unknown == Unknown::Instances {
                    <li class="finding finding--info" data-kind="instancesUnknown">
                        <span class="finding__icon" aria-hidden="true">{ "ℹ" }</span>
                        <span class="finding__text">{ words::import_instances_unknown(lang, crate::page::observed::command_group(lang, &p.group)) }</span>
                    </li>
                }
                if p.unknown == Unknown::Queues {
                    <li class="finding finding--info" data-kind="queuesUnknown">
                        <span class="finding__icon" aria-hidden="true">{ "ℹ" }</span>
                        <span class="finding__text">{ words::import_queues_unknown(lang, crate::page::observed::command_topic(lang, &p.topic)) }</span>
                    </li>
                }
                { for shown.into_iter().map(|(f, text)| html! {
                    <li class={classes!("finding", if f.is_problem() { "finding--problem" } else { "finding--info" })} data-kind={f.kind()}>
                        <span class="finding__icon" aria-hidden="true">{ if f.is_problem() { "⚠" } else { "ℹ" } }</span>
                        <span class="finding__text">{ text }</span>
                        if let Some(fix) = f.fix(lang) {
                            <span class="finding__fix"><strong>{ words::page_fix(lang) }</strong>{ " " }{ fix }</span>
                        }
                        if let Some((label, entries)) = f.entries(sim, lang, ENTRIES_SHOWN) {
                            <details class="finding__all">
                                <summary>{ label }</summary>
                                <p>{ entries.join("\n") }</p>
                            </details>
                        }
                    </li>
                }) }
            </ul>
            if let Some(retry) = retry {
                <p id="retry-topic" class="note retry-topic">{ retry }</p>
            }
            if names_cid_all {
                <p id="cid-all-note" class="note cid-all-note">{ words::page_cid_all_note(lang) }</p>
            }
        </section>
    }
}
