//! The page's logic without a browser: the one `State` and the `Action`s that change it (`state`), the address
//! read and written (`url`), a `Simulation` shaped for the views (`model`), an import's reported holders laid
//! on it (`observed`), the page's words that pick among messages (`i18n`), the theme choice, the tour's tabs,
//! and the rebalance tab's timeline (`timeline`: its setup, lanes and handovers). It compiles natively and is
//! tested there; `web::app` draws it with Yew.

pub mod i18n;
pub mod model;
pub mod observed;
pub mod record;
pub mod state;
pub mod tab;
pub mod theme;
pub mod timeline;
pub mod url;
