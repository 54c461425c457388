//! The headline a newcomer reads first and the numbers behind it.

use crate::group::Simulation;
use crate::page::i18n::{self, Lang};
use crate::page::model::{self, Shared, Unknown};
use crate::words;
use foldhash::HashSet;
use yew::prelude::*;

/// Props of [`summary`].
#[derive(PartialEq, Clone)]
pub struct SummaryProps {
    pub sim: Shared<Simulation>,
    pub lang: Lang,
    /// What an import left unknown: without the instances or the queues, the numbers about consumers are
    /// unknown too.
    pub unknown: Unknown,
    /// The group and topic, for the command the headline asks for while something is unknown.
    pub group: AttrValue,
    pub topic: AttrValue,
    /// What the clients hold, while the page shows an imported group unedited: its starved and overlapped
    /// queues are the ones counted ([`crate::page::observed::verdict_of`]).
    pub verdict: Option<std::rc::Rc<crate::import::Verdict>>,
}

/// See [`SummaryProps`].
pub fn summary(p: &SummaryProps) -> Html {
    let (sim, lang) = (&p.sim, p.lang);
    let distinct = sim.instances.iter().map(|i| i.client_id.as_str()).collect::<HashSet<_>>().len();
    let (min, max) = sim.load_range();
    let (starved, overlapped) = match &p.verdict {
        Some(v) => (&v.starved[..], &v.overlapped[..]),
        None => (&sim.starved[..], &sim.overlapped[..]),
    };
    let headline = match p.unknown {
        Unknown::Instances => i18n::headline_instances_unknown(lang, sim.mq_all.len(), &p.group),
        Unknown::Queues => words::page_headline_queues_unknown(
            lang,
            sim.instances.len(),
            crate::page::observed::command_topic(lang, &p.topic),
        ),
        Unknown::Nothing => i18n::headline(
            lang,
            sim.instances.len(),
            sim.mq_all.len(),
            starved.len(),
            overlapped.len(),
            sim.shared.len(),
            sim.consume_disabled(),
        ),
    };
    let unknown_instances = p.unknown == Unknown::Instances;
    let known = p.unknown == Unknown::Nothing;
    let refused = (0..sim.mq_all.len()).any(|q| sim.refused(q));
    let bad = known && (!starved.is_empty() || !overlapped.is_empty() || refused);
    // While the instances or the queues are unknown, so is every number about consumers.
    let unknown = || html! { <span class="stat__unknown">{ words::page_unknown(lang) }</span> };
    let count = |n: usize| {
        if unknown_instances {
            unknown()
        } else {
            html! { n }
        }
    };
    // An empty list says nothing the 0 beside it does not.
    let list = |queues: &[usize]| model::ranges(sim, queues, lang);
    html! {
        <section class="summary" aria-labelledby="headline">
            <h2 id="headline" class={classes!("headline", bad.then_some("headline--bad"))}>{ headline }</h2>
            <dl class="stats" id="stats">
                <div class="stat"><dt>{ words::page_instances(lang) }</dt><dd id="stat-instances">{ count(sim.instances.len()) }</dd></div>
                <div class="stat"><dt>{ words::page_distinct_ids(lang) }</dt><dd id="stat-distinct">{ count(distinct) }</dd></div>
                <div class="stat"><dt>{ words::page_queues_short(lang) }</dt><dd id="stat-queues">{ if p.unknown == Unknown::Queues { unknown() } else { html! { sim.mq_all.len() } } }</dd></div>
                <div class={classes!("stat", (known && !starved.is_empty()).then_some("stat--starved"))}>
                    <dt>{ words::page_starved(lang) }</dt>
                    if !known {
                        <dd id="stat-starved">{ unknown() }</dd>
                    } else {
                        <dd id="stat-starved">{ starved.len() }<span class="stat__list">{ list(starved) }</span></dd>
                    }
                </div>
                <div class={classes!("stat", (known && !overlapped.is_empty()).then_some("stat--overlapped"))}>
                    <dt>{ words::page_overlapped(lang) }</dt>
                    if !known {
                        <dd id="stat-overlapped">{ unknown() }</dd>
                    } else {
                        <dd id="stat-overlapped">{ overlapped.len() }<span class="stat__list">{ list(overlapped) }</span></dd>
                    }
                </div>
                <div class="stat"><dt>{ words::page_per_instance(lang) }</dt>
                    <dd id="stat-load">{ if !known { unknown() } else { html! { format!("{min}–{max}") } } }</dd></div>
            </dl>
        </section>
    }
}
