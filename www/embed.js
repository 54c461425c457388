/* rebalance-playground embed.js: both ends of a self-sizing embed (the guide, "Embedding").
 *
 * On a doc page (the host), next to the snippet Embed gives:
 *   <iframe data-rebalance-playground src=".../?embed=1&lang=en&parts=summary,strip,grid#s=..." height="900" ...>
 *   <script src=".../embed.js" async></script>
 * it sizes every `iframe[data-rebalance-playground]` on the page, now or added later, to its content, and
 * follows it. Without the script the iframe keeps its height attribute and scrolls inside.
 *
 * In the playground (loaded by the page itself in embed mode, marked `data-report`): when framed, it posts
 *   {type: "rebalance-playground:size", version: 1, height: <CSS px, an integer>, id: <its ?id= or null>}
 * to window.parent whenever the content's height changes (a ResizeObserver, at most once a frame, and a
 * MutationObserver, once per change of the page's content, which also reaches a frame scrolled out of view),
 * and again, measured anew, when its parent asks with {type: "rebalance-playground:ask", version: 1} (a host
 * script that ran after the frame had loaded, or the iframe's width changed while it was out of view; the host
 * sends it to the iframe's src origin).
 *
 * Origin rules. The frame sends to targetOrigin "*", or to its `?origin=` parameter when the address has one
 * (then only a parent of that origin receives it): a height is not a secret. The host accepts a message only
 * when event.source is the contentWindow of one of its playground iframes and event.origin equals the origin
 * of that iframe's src; it ignores anything else, reads only `height` (a finite number, clamped to
 * 50..20000 px), never evaluates anything from a message, and writes only `iframe.style.height` and
 * `iframe.style.border` (CSSOM: allowed under a CSP without 'unsafe-inline' styles). No dependency, no eval.
 */
(() => {
  const TYPE = "rebalance-playground:size";
  const ASK = "rebalance-playground:ask";
  const me = document.currentScript;
  if (me && me.hasAttribute("data-report")) {
    if (window.parent === window) return;
    const q = new URLSearchParams(location.search);
    const id = q.get("id");
    const to = q.get("origin") || "*";
    const root = document.documentElement;
    let last = -1;
    const send = () => {
      try {
        window.parent.postMessage({ type: TYPE, version: 1, height: last, id }, to);
      } catch (e) {
        // An `origin` that is not an origin: nothing is sent.
      }
    };
    const measure = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        send();
      }
    };
    // A resize (the host's width, fonts) comes at most once a frame. A frame out of the host's view gets no
    // frames (browsers throttle them), so a change of the page's content is also measured when it is made.
    new ResizeObserver(measure).observe(root);
    new MutationObserver(measure).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    // And once now: the page drew before this script ran, and a frame out of view that changes no more would
    // otherwise never be measured (its ResizeObserver waits for a rendering frame it does not get).
    measure();
    // A host asks when its script ran after this frame last changed, and whenever the iframe's width changes:
    // a frame out of view gets no rendering frame, so its ResizeObserver never sees the new width, but a
    // message is delivered and measuring lays the page out at the width it has now. It answers even when
    // the height is the same (a host script that just loaded has none yet).
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || !event.data || event.data.type !== ASK) return;
      const before = last;
      measure();
      if (last === before && last >= 0) send();
    });
    return;
  }
  // Host: one listener however many snippets (each brings this script) the page holds.
  if (window.__rebalancePlaygroundHost) return;
  window.__rebalancePlaygroundHost = true;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.type !== TYPE || data.version !== 1) return;
    const height = data.height;
    if (typeof height !== "number" || !isFinite(height)) return;
    for (const frame of document.querySelectorAll("iframe[data-rebalance-playground]")) {
      if (frame.contentWindow !== event.source) continue;
      let origin;
      try {
        origin = new URL(frame.src, location.href).origin;
      } catch (e) {
        return;
      }
      if (event.origin !== origin) return;
      watch(frame);
      frame.style.border = "0";
      frame.style.height = Math.min(20000, Math.max(50, Math.ceil(height))) + "px";
      return;
    }
  });
  const ask = (frame) => {
    try {
      frame.contentWindow.postMessage({ type: ASK, version: 1 }, new URL(frame.src, location.href).origin);
    } catch (e) {
      // Not loaded yet, or no origin to address: it reports when it loads.
    }
  };
  // The host is on screen, so its ResizeObserver sees an iframe's width change even when the iframe is
  // scrolled out of view (whose own observer waits for a rendering frame it does not get): it asks that
  // frame to measure again. Only a new width asks; the heights it sets itself do not.
  const widths = new WeakMap();
  const resized = typeof ResizeObserver === "function" && new ResizeObserver((entries) => {
    for (const entry of entries) {
      const width = entry.contentRect.width;
      const before = widths.get(entry.target);
      widths.set(entry.target, width);
      if (before !== undefined && before !== width) ask(entry.target);
    }
  });
  const watch = (frame) => {
    if (resized && !widths.has(frame)) {
      widths.set(frame, undefined);
      resized.observe(frame);
    }
  };
  // Frames that loaded before this script: ask each for its height again, and follow their width.
  for (const frame of document.querySelectorAll("iframe[data-rebalance-playground]")) {
    watch(frame);
    ask(frame);
  }
})();
