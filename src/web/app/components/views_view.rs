//! Split views: which instances compute with which view of cidAll and the route, which views are stale,
//! and which instances never pull this topic ([`crate::group::split`]). The grid above already shows the
//! overlaps and gaps these views make.

use super::ScenarioViewProps;
use crate::group::split::view_groups;
use crate::page::model;
use crate::words;
use yew::prelude::*;

/// How many instances a view's list names (a pasted group has hundreds).
const WHO_SHOWN: usize = 24;

/// "and N more" after the first `WHO_SHOWN` names, which are drawn before it.
/// Its tab of the tour, from the scenario alone.
#[function_component(ViewsView)]
pub fn views_view(p: &ScenarioViewProps) -> Html {
    let (s, lang) = (&*p.scenario, p.lang);
    let groups = view_groups(s);
    let skipping: Vec<usize> = (0..s.instances.len()).filter(|&i| s.instances[i].skips_topic).collect();
    let split = groups.len() > 1 || groups.iter().any(|g| g.stale) || !skipping.is_empty();
    let who = |members: &[usize]| {
        html! { <>{ for members.iter().take(WHO_SHOWN).map(|&i| html! {
            <span class={classes!("views__who", model::owner_class(i))}>
                <span class="grid__tag swatch">{ model::tag(i) }</span>
                <span class="grid__id">{ s.instances[i].client_id.clone() }</span>
            </span>
        }) }
        if members.len() > WHO_SHOWN {
            <span class="views__more">{ words::list_and_more(lang, members.len() - WHO_SHOWN, "") }</span>
        }
        </> }
    };
    html! {
        <div id="views" class="tour-view" data-views={groups.len().to_string()} data-skipping={skipping.len().to_string()}>
            <p class="note">{ words::tour_views_intro(lang) }</p>
            if !split {
                <p class="note" id="views-none">{ words::tour_views_none(lang) }</p>
            }
            <ul class="views">
                { for groups.iter().enumerate().map(|(n, g)| html! {
                    <li class={classes!("views__group", g.stale.then_some("views__group--stale"))}
                        id={format!("view-{n}")} data-stale={g.stale.to_string()}>
                        <strong>{ if g.stale { words::tour_view_stale(lang) } else { words::tour_view_current(lang) } }</strong>
                        <div><span class="views__label">{ words::tour_view_members(lang) }</span>{ who(&g.members) }</div>
                        <div><span class="views__label">{ words::tour_view_sees(lang) }</span>
                            <code>{ words::list(lang, &g.cid_all, model::RANGES_SHOWN) }</code></div>
                        <div><span class="views__label">{ words::tour_view_route(lang) }</span>
                            <code>{ g.brokers.iter().map(|b| format!("{}:{}", b.broker_name, b.read_queue_nums)).collect::<Vec<_>>().join(", ") }</code></div>
                    </li>
                }) }
                if !skipping.is_empty() {
                    <li class="views__group views__group--skips" id="view-skips">
                        <div>{ who(&skipping) }</div>
                        <p class="note">{ words::tour_skips_topic(lang) }</p>
                    </li>
                }
            </ul>
        </div>
    }
}
