#![cfg(target_arch = "wasm32")]
//! The theme: `?theme=` sets it, the header's switch changes and remembers it, the address
//! wins over the remembered choice without replacing it, Share and Embed carry it unless auto. (That auto
//! follows `prefers-color-scheme` is the stylesheet's; the e2e run checks it with an emulated media query.)

use wasm_bindgen_test::*;

use crate::browser;
use browser::*;

const KEY: &str = "rebalance-playground.theme";

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// `data-theme` on `<html>`.
fn shown() -> Option<String> {
    document().document_element().unwrap().get_attribute("data-theme")
}

fn pressed() -> Vec<String> {
    all("[id^=theme-][aria-pressed=true]").iter().map(|b| b.id()).collect()
}

#[wasm_bindgen_test]
async fn the_address_sets_the_theme() {
    for (search, attr, button) in [
        ("?theme=dark", Some("dark"), "theme-dark"),
        ("?theme=light", Some("light"), "theme-light"),
        ("?theme=auto", Some("auto"), "theme-auto"),
        ("?theme=DARK", Some("dark"), "theme-dark"),
        // Not a theme: auto, and nothing else happens.
        ("?theme=sepia", Some("auto"), "theme-auto"),
    ] {
        let root = open(search, "").await;
        assert_eq!(shown().as_deref(), attr, "{search}");
        assert_eq!(pressed(), [button], "{search}");
        // A page parameter, not a scenario's: no notice, the default group.
        assert!(!exists("notices"), "{search}: {}", text("notices"));
        assert_eq!(rows(&root).len(), 3, "{search}");
    }
}

#[wasm_bindgen_test]
async fn the_switch_changes_the_theme_and_remembers_it() {
    storage().remove_item(KEY).unwrap();
    open_with("", "", true).await;
    assert_eq!(shown().as_deref(), Some("auto"), "auto by default");
    assert_eq!(pressed(), ["theme-auto"]);
    // A named group of plain buttons: each a Tab stop, Enter and Space press it.
    let group = el("theme-dark").parent_element().unwrap();
    assert_eq!(group.get_attribute("role").as_deref(), Some("group"));
    assert_eq!(group.get_attribute("aria-label").as_deref(), Some("Colour theme"));
    assert!(all_in(&group, "button").iter().all(|b| b.tag_name() == "BUTTON" && b.get_attribute("tabindex").is_none()));
    click("theme-dark").await;
    assert_eq!(shown().as_deref(), Some("dark"));
    assert_eq!(pressed(), ["theme-dark"]);
    assert_eq!(storage().get_item(KEY).unwrap().as_deref(), Some("dark"));
    // A new visit opens in it.
    open_with("", "", true).await;
    assert_eq!(shown().as_deref(), Some("dark"));
    assert_eq!(pressed(), ["theme-dark"]);
    click("theme-light").await;
    assert_eq!(shown().as_deref(), Some("light"));
    assert_eq!(storage().get_item(KEY).unwrap().as_deref(), Some("light"));
    // Auto forgets the choice.
    click("theme-auto").await;
    assert_eq!(shown().as_deref(), Some("auto"));
    assert_eq!(storage().get_item(KEY).unwrap(), None);
    // In Chinese too.
    click("lang-zh").await;
    let group = el("theme-dark").parent_element().unwrap();
    assert_eq!(group.get_attribute("aria-label").as_deref(), Some("配色"));
    assert_eq!(text("theme-dark"), "深色");
    click("lang-en").await;
}

#[wasm_bindgen_test]
async fn the_address_wins_over_the_remembered_theme_without_replacing_it() {
    storage().set_item(KEY, "dark").unwrap();
    open_with("?theme=light", "", true).await;
    assert_eq!(shown().as_deref(), Some("light"));
    assert_eq!(storage().get_item(KEY).unwrap().as_deref(), Some("dark"), "a link does not change the choice");
    open_with("", "", true).await;
    assert_eq!(shown().as_deref(), Some("dark"));
    storage().remove_item(KEY).unwrap();
}

#[wasm_bindgen_test]
async fn an_unreadable_remembered_theme_is_cleared_with_a_notice() {
    storage().set_item(KEY, "<img src=x>").unwrap();
    let root = open_with("", "", true).await;
    assert!(text("notices").contains("<img src=x>"), "{}", text("notices"));
    assert_eq!(storage().get_item(KEY).unwrap(), None);
    assert_eq!(shown().as_deref(), Some("auto"));
    assert!(root.query_selector("img").unwrap().is_none());
}

/// The query of a link (`?...`, before `#`) and its `#s=...`.
fn split_link(link: &str) -> (String, String) {
    let hash = link.find('#').unwrap();
    let query = link[..hash].find('?').map(|q| link[q..hash].to_string()).unwrap_or_default();
    (query, link[hash..].to_string())
}

#[wasm_bindgen_test]
async fn share_and_embed_carry_the_theme_unless_auto() {
    open("?theme=dark&clients=a,b", "").await;
    click("share").await;
    let link = value("share-link");
    let (query, hash) = split_link(&link);
    assert_eq!(query, "?theme=dark", "{link}");
    // The link opens in that theme.
    open("?theme=light", "").await;
    assert_eq!(shown().as_deref(), Some("light"));
    let root = open(&query, &hash).await;
    assert_eq!(shown().as_deref(), Some("dark"));
    assert_eq!(rows(&root), ["a", "b"]);
    click("embed").await;
    let snippet = value("embed-snippet");
    assert!(snippet.contains("?embed=1&amp;lang=en&amp;theme=dark&amp;parts="), "{snippet}");
    // The embedded page's way out keeps it too.
    open("?embed=1&theme=dark", &hash).await;
    assert_eq!(shown().as_deref(), Some("dark"));
    assert!(!exists("theme-auto"), "embedded, the host's theme= decides");
    let full = el("open-full").get_attribute("href").unwrap();
    assert!(full.contains("theme=dark") && !full.contains("embed"), "{full}");
    // Switched to auto, nothing is written.
    open("?theme=dark", "").await;
    click("theme-auto").await;
    click("share").await;
    assert!(!value("share-link").contains("theme="), "{}", value("share-link"));
    click("embed").await;
    assert!(!value("embed-snippet").contains("theme="), "{}", value("embed-snippet"));
}
