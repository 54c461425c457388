//! Copying to the clipboard from a click whose text is made later (Share, Embed and the Export tab's snippet
//! write theirs in a chunk loaded on demand). WebKit lets a page write the clipboard only within the user's
//! gesture: a `writeText` after the chunk's fetch is refused. So the click begins the write at once
//! ([`PendingCopy::begin`]: `clipboard.write` of a `ClipboardItem` whose text is a promise, the way the
//! Clipboard API provides for this) and the chunk finishes it with the text ([`PendingCopy::finish`]).
//! Where that is missing or refused, `writeText` is tried at the end, as before. A copy dropped unfinished
//! (a link too long to share, a chunk that did not load) is cancelled: nothing is written.

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

/// A clipboard write begun in a click, waiting for its text.
pub struct PendingCopy {
    /// `clipboard.write([item])` begun, and the functions that resolve or reject the item's text.
    begun: Option<(Promise, Function, Function)>,
}

fn clipboard() -> Option<JsValue> {
    let window = web_sys::window()?;
    // Reflect rather than web-sys' Clipboard: navigator.clipboard is missing on plain-http pages.
    Reflect::get(&window.navigator(), &"clipboard".into()).ok().filter(|c| !c.is_undefined() && !c.is_null())
}

fn method(target: &JsValue, name: &str) -> Option<Function> {
    Reflect::get(target, &name.into()).ok()?.dyn_into::<Function>().ok()
}

impl PendingCopy {
    /// Begins a write, inside the click (or key press) that asked for it.
    pub fn begin() -> PendingCopy {
        PendingCopy { begun: Self::begin_write() }
    }

    fn begin_write() -> Option<(Promise, Function, Function)> {
        let clipboard = clipboard()?;
        let write = method(&clipboard, "write")?;
        let item = web_sys::window()
            .and_then(|w| Reflect::get(&w, &"ClipboardItem".into()).ok())?
            .dyn_into::<Function>()
            .ok()?;
        let mut ends = None;
        let text = Promise::new(&mut |resolve, reject| ends = Some((resolve, reject)));
        let (resolve, reject) = ends?;
        let data = Object::new();
        Reflect::set(&data, &"text/plain".into(), &text).ok()?;
        let item = Reflect::construct(&item, &Array::of1(&data)).ok()?;
        let written = write.call1(&clipboard, &Array::of1(&item)).ok()?.dyn_into::<Promise>().ok()?;
        Some((written, resolve, reject))
    }

    /// Writes `text` and tells `done` whether the clipboard took it.
    pub fn finish(mut self, text: String, done: Callback<bool>) {
        let begun = self.begun.take();
        wasm_bindgen_futures::spawn_local(async move {
            if let Some((written, resolve, _)) = begun {
                let blob = blob_of(&text);
                if resolve.call1(&JsValue::UNDEFINED, &blob).is_ok() && JsFuture::from(written).await.is_ok() {
                    return done.emit(true);
                }
            }
            done.emit(write_text(&text).await);
        });
    }
}

impl Drop for PendingCopy {
    fn drop(&mut self) {
        if let Some((written, _, reject)) = self.begun.take() {
            let _ = reject.call1(&JsValue::UNDEFINED, &"cancelled".into());
            // The write's refusal is expected; taken here, it is no unhandled rejection in the console.
            wasm_bindgen_futures::spawn_local(async move {
                let _ = JsFuture::from(written).await;
            });
        }
    }
}

/// `text` as a `text/plain` Blob (what every engine's ClipboardItem takes), or the string itself.
fn blob_of(text: &str) -> JsValue {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    web_sys::Blob::new_with_str_sequence_and_options(&Array::of1(&text.into()), &options)
        .map(JsValue::from)
        .unwrap_or_else(|_| text.into())
}

/// `navigator.clipboard.writeText(text)`: whether it was accepted.
async fn write_text(text: &str) -> bool {
    let Some(clipboard) = clipboard() else { return false };
    let Some(write) = method(&clipboard, "writeText") else { return false };
    match write.call1(&clipboard, &text.into()).ok().and_then(|p| p.dyn_into::<Promise>().ok()) {
        Some(promise) => JsFuture::from(promise).await.is_ok(),
        None => false,
    }
}
