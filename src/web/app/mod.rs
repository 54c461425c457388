//! The Yew playground.

use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    let sim = crate::group::simulate(&crate::group::Scenario::default());
    html! {
        <main>
            <h1>{ "rebalance playground" }</h1>
            <p>{ format!("{} starved", sim.starved.len()) }</p>
        </main>
    }
}

pub fn mount() {
    yew::Renderer::<App>::new().render();
}
