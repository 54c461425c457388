// One page API over three engines, so run.mjs writes each check once: Chromium through
// playwright-core (Debian's chromium), Firefox ESR and WebKitGTK's MiniBrowser through WebDriver
// (selenium-webdriver against geckodriver and WebKitWebDriver, started here; playwright-core cannot drive
// Debian's builds of those two). The API is a subset of playwright's `page`, same names and arguments:
//
//   goto(url) -> { headers() }, reload(), url(), close(), setViewportSize({ width, height })
//   click(sel), fill(sel, text), selectOption(sel, value), focus(sel), hover(sel), setInputFiles(sel, path)
//   textContent(sel), inputValue(sel), getAttribute(sel, name), $(sel), $$(sel), $eval(sel, fn, arg),
//   $$eval(sel, fn, arg), evaluate(fn | script, arg), waitForFunction(fn, arg, { timeout }),
//   waitForSelector(sel, { state, timeout }) -> { textContent() } (state: visible, attached, detached, hidden),
//   waitForTimeout(ms), waitForLoadState("networkidle")
//   keyboard.press("Enter" | "Shift+Tab" | ...), mouse.move(x, y)
//   screenshot({ path, fullPage, clip }), locator(sel).screenshot({ path })
//   waitForEvent("download") -> { suggestedFilename(), path() }
//   requests(): the paths this page asked the e2e server for since it was opened (the server's log)
//   frameEvaluate(sel, fn, arg): evaluate inside the document of the iframe `sel` (playwright's contentFrame())
//
// `launch(engine, server, { colorScheme })` opens a browser whose system prefers "dark" or "light" (default
// light): Chromium emulates it, Firefox reads it from a preference, WebKitGTK from its GTK settings.
//
// Selectors are CSS, plus playwright's `sel >> nth=N`. Functions passed to evaluate and friends run in the
// page (serialised, no closures), as in playwright. What WebDriver cannot observe (errors, CSP violations,
// dialogs, downloads) the server's probe records in the page (server.mjs), the same way in every engine.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "./chromium.mjs";

export const ENGINES = ["chromium", "firefox", "webkit"];

/** How many times a browser's web process crashed in this run (WebKitGTK's own fault, the guide, "WebKit's own
 * faults"): MiniBrowser says `WebProcess CRASHED` and its window stops answering. run.mjs reads it to run the
 * check it broke once more in a new browser. */
export const engineFaults = { count: 0 };

const VIEWPORT = { width: 1280, height: 900 };
const TIMEOUT = 15_000;

/** Opens `engine`; `server` is serve()'s answer (its log gives requests()). */
export async function launch(engine, server, { colorScheme = "light" } = {}) {
  if (!["light", "dark"].includes(colorScheme)) throw new Error(`colorScheme ${colorScheme}`);
  if (engine === "chromium") return chromiumBrowser(server, colorScheme);
  return webDriverBrowser(engine, server, colorScheme);
}

/** Waits until the server has seen no request for `quiet` ms (playwright's "networkidle" is 500 ms). */
async function networkIdle(server, quiet = 500) {
  for (;;) {
    const last = server.log.at(-1)?.at ?? 0;
    const wait = last + quiet - Date.now();
    if (wait <= 0) return;
    await new Promise((ok) => setTimeout(ok, wait));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Chromium: playwright's own page, narrowed to the API above (so a check that runs here runs everywhere).

async function chromiumBrowser(server, colorScheme) {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme });
  context.setDefaultTimeout(TIMEOUT);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(server.url).origin }).catch(() => {});
  return {
    engine: "chromium",
    async newPage() {
      const page = await context.newPage();
      let mark = server.log.length;
      const errors = [];
      // Before the page's document goes away (navigation, close), keep its errors for errors().
      const collect = async () => errors.push(...(await probeErrors(page)));
      // Chromium also reports what the probe cannot see (a request the browser itself gave up on).
      page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
      page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
      const wrap = {
        goto: async (url) => {
          await collect();
          mark = server.log.length;
          return page.goto(url);
        },
        reload: async () => {
          await collect();
          return page.reload();
        },
        url: () => page.url(),
        close: async () => {
          await collect();
          return page.close();
        },
        setViewportSize: (v) => page.setViewportSize(v),
        click: (s) => page.click(s),
        fill: (s, t) => page.fill(s, t),
        selectOption: (s, v) => page.selectOption(s, v),
        focus: (s) => page.focus(s),
        hover: (s) => page.hover(s),
        setInputFiles: (s, p) => page.setInputFiles(s, p),
        textContent: (s) => page.textContent(s),
        inputValue: (s) => page.inputValue(s),
        getAttribute: (s, n) => page.getAttribute(s, n),
        $: (s) => page.$(s),
        $$: (s) => page.$$(s),
        $eval: (s, f, a) => page.$eval(s, f, a),
        $$eval: (s, f, a) => page.$$eval(s, f, a),
        evaluate: (f, a) => page.evaluate(f, a),
        waitForFunction: (f, a, o) => page.waitForFunction(f, a, o),
        waitForSelector: (s, o) => page.waitForSelector(s, o),
        frameEvaluate: async (s, f, a) => (await (await page.$(s)).contentFrame()).evaluate(f, a),
        waitForTimeout: (ms) => page.waitForTimeout(ms),
        waitForLoadState: (s) => page.waitForLoadState(s),
        keyboard: { press: (k) => page.keyboard.press(k) },
        mouse: { move: (x, y) => page.mouse.move(x, y) },
        screenshot: (o) => page.screenshot(o),
        locator: (s) => ({ screenshot: (o) => page.locator(s).screenshot(o) }),
        waitForEvent: (e) => page.waitForEvent(e),
        requests: () => server.log.slice(mark).map((r) => r.path),
        /** The probe's errors and Chromium's own since the last call. */
        errors: async () => [...errors.splice(0), ...(await probeErrors(page))],
      };
      page.on("console", (m) => m.type() === "error" && errors.push(`console error: ${m.text()}`));
      return wrap;
    },
    close: () => browser.close(),
  };
}

async function probeErrors(page) {
  return page.evaluate(() => (window.__e2e ? window.__e2e.errors.splice(0) : [])).catch(() => []);
}

// ---------------------------------------------------------------------------------------------------------
// Firefox and WebKit: WebDriver. Each page is a window of one session (a window, not a tab: MiniBrowser's
// tabs take no pointer input); every call switches to its window first.

async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, "127.0.0.1", ok));
  const { port } = s.address();
  await new Promise((ok) => s.close(ok));
  return port;
}

async function capabilities(engine, downloads, colorScheme) {
  if (engine === "firefox") {
    // Firefox keeps its windows at least 500 px wide (its own window's min-width); the profile's
    // userChrome.css lifts that, so the narrow checks run at their 360 and 375 px.
    const profile = await mkdtemp(join(tmpdir(), "e2e-firefox-profile-"));
    await mkdir(join(profile, "chrome"));
    await writeFile(join(profile, "chrome", "userChrome.css"), ":root, #main-window { min-width: 0 !important; min-height: 0 !important; }\n");
    const firefox = await import("selenium-webdriver/firefox.js");
    const options = new firefox.Options()
      .setBinary(process.env.FIREFOX ?? "/usr/bin/firefox-esr")
      .addArguments("-headless")
      .setProfile(profile);
    for (const [k, v] of Object.entries({
      "toolkit.legacyUserProfileCustomizations.stylesheets": true,
      // No traffic to the closed network, downloads saved without asking.
      "app.update.enabled": false,
      "browser.shell.checkDefaultBrowser": false,
      "network.captive-portal-service.enabled": false,
      "network.connectivity-service.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "toolkit.telemetry.enabled": false,
      "browser.download.folderList": 2,
      "browser.download.dir": downloads,
      "browser.download.useDownloadDir": true,
      "browser.download.always_ask_before_handling_new_types": false,
      // prefers-color-scheme in every page: 0 dark, 1 light.
      "layout.css.prefers-color-scheme.content-override": colorScheme === "dark" ? 0 : 1,
    })) options.setPreference(k, v);
    return options;
  }
  return {
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": {
      binary: process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
      // MiniBrowser's --dark-mode sets GTK's dark preference, which WebKitGTK's prefers-color-scheme follows.
      args: ["--automation", ...(colorScheme === "dark" ? ["--dark-mode"] : [])],
    },
  };
}

// Drivers still running when the run exits (a timeout, an error) are stopped with it.
const running = new Set();
process.on("exit", () => running.forEach((stop) => stop()));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(1));

/** Starts geckodriver or WebKitWebDriver on a free port; WebKit under a virtual display when there is none. */
async function startDriver(engine, colorScheme) {
  const port = await freePort();
  const [cmd, args] =
    engine === "firefox"
      ? [process.env.GECKODRIVER ?? "geckodriver", [`--port=${port}`, "--log=fatal"]]
      : [process.env.SAFARIDRIVER ?? "WebKitWebDriver", [`--port=${port}`]];
  const [bin, argv] = engine === "webkit" && !process.env.DISPLAY ? ["xvfb-run", ["-a", cmd, ...args]] : [cmd, args];
  const env = { ...process.env };
  if (engine === "webkit") {
    // MiniBrowser's toolbar keeps its window at least 447 px wide; GTK's user stylesheet shrinks the
    // browser's own widgets (never the page), so the narrow checks run at their 360 and 375 px.
    env.XDG_CONFIG_HOME = await mkdtemp(join(tmpdir(), "e2e-webkit-config-"));
    await mkdir(join(env.XDG_CONFIG_HOME, "gtk-3.0"));
    await writeFile(join(env.XDG_CONFIG_HOME, "gtk-3.0", "gtk.css"),
      "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; -gtk-icon-transform: scale(0.1); }\n");
    // GTK's dark preference, which WebKitGTK's prefers-color-scheme follows (MiniBrowser's --dark-mode sets it
    // too): light unless asked, whatever the machine's GTK settings say.
    await writeFile(join(env.XDG_CONFIG_HOME, "gtk-3.0", "settings.ini"),
      `[Settings]\ngtk-application-prefer-dark-theme=${colorScheme === "dark" ? "true" : "false"}\n`);
  }
  const child = spawn(bin, argv, { stdio: ["ignore", "ignore", "pipe"], detached: true, env });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr = (stderr + d).slice(-4000);
    // The browser's own words on a crash (MiniBrowser prints "WebProcess CRASHED") belong in the run's log.
    if (process.env.E2E_DRIVER_LOG || /crash/i.test(String(d))) process.stdout.write(`# ${engine} driver: ${d}`);
    if (/WebProcess CRASHED/.test(String(d))) engineFaults.count++;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${url}/status`).then((r) => r.ok, () => false);
    if (up) {
      const stop = () => {
        running.delete(stop);
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {}
      };
      running.add(stop);
      return { url, stop };
    }
    if (child.exitCode !== null) throw new Error(`${cmd} exited: ${stderr}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`${cmd} did not start: ${stderr}`);
}

const KEYS = {
  Enter: "\uE007", Tab: "\uE004", Escape: "\uE00C", Shift: "\uE008", Control: "\uE009", Alt: "\uE00A",
  ArrowLeft: "\uE012", ArrowUp: "\uE013", ArrowRight: "\uE014", ArrowDown: "\uE015", Home: "\uE011",
  End: "\uE010", PageUp: "\uE00E", PageDown: "\uE00F", Backspace: "\uE003", Delete: "\uE017", Space: "\uE00D",
};

// Runs in the page before each function given to evaluate and friends: `q(sel)` and `qa(sel)` understand
// `sel >> nth=N`; `visible(e)` is playwright's (a non-empty box, not visibility: hidden).
const HELPERS = `const qa = (s) => { const m = /^(.*?)\\s*>>\\s*nth=(-?\\d+)$/.exec(s);
  if (!m) return [...document.querySelectorAll(s)];
  const all = [...document.querySelectorAll(m[1])]; const n = Number(m[2]);
  const e = all.at(n); return e ? [e] : []; };
const q = (s) => qa(s)[0] ?? null;
const visible = (e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
const need = (s) => { const e = q(s); if (!e) throw new Error("no element " + s); return e; };`;

// WebKitWebDriver's Take Screenshot never answers here (WebKitGTK 2.50 under Xvfb, with or without
// compositing, DMA-BUF or GL): WebKit's run takes none and says so, once.
let warned = false;
function noScreenshot(path) {
  if (!warned) console.log(`# webkit: no screenshots (WebKitWebDriver's Take Screenshot hangs under Xvfb), e.g. ${path}`);
  warned = true;
}

async function webDriverBrowser(engine, server, colorScheme) {
  const { Builder, Origin } = await import("selenium-webdriver");
  const downloads = await mkdtemp(join(tmpdir(), `e2e-${engine}-`));
  const driverProcess = await startDriver(engine, colorScheme);
  let driver;
  try {
    driver = await new Builder().usingServer(driverProcess.url).withCapabilities(await capabilities(engine, downloads, colorScheme)).build();
  } catch (e) {
    driverProcess.stop();
    throw e;
  }
  await driver.manage().setTimeouts({ script: 120_000, pageLoad: 60_000, implicit: 0 });
  const home = await driver.getWindowHandle();
  let current = home;
  // Sizes the current window so that its viewport is `v`. The window's frame (outer size minus viewport) is
  // measured each time, and the size polled: WebKitGTK under Xvfb applies a resize some time after
  // Set Window Rect answers, and a window can come up with another frame.
  async function viewport(v) {
    let w, h;
    for (let end = Date.now() + 5_000; ; ) {
      const rect = await driver.manage().window().getRect();
      [w, h] = await driver.executeScript("return [innerWidth, innerHeight]");
      if (w === v.width && h === v.height) return;
      if (Date.now() > end) break;
      await driver.manage().window().setRect({ width: v.width + rect.width - w, height: v.height + rect.height - h });
      await new Promise((ok) => setTimeout(ok, 100));
    }
    // A check measured at another width than it says would prove nothing.
    throw new Error(`${engine}'s viewport is ${w}x${h}, not ${v.width}x${v.height}`);
  }

  async function newPage() {
    await driver.switchTo().window(current);
    await driver.switchTo().newWindow("window");
    const handle = await driver.getWindowHandle();
    current = handle;
    let mark = server.log.length;
    let view = { ...VIEWPORT };
    let size = null;
    let downloadsTaken = 0;
    let closed = false;
    const activate = async () => {
      if (closed) throw new Error("page closed");
      if (current !== handle) {
        await driver.switchTo().window(handle);
        current = handle;
      }
      if (!size || size.width !== view.width || size.height !== view.height) {
        await viewport(view);
        size = view;
      }
    };
    // `body` in the document the driver is in now (the page, or a frame of it), awaited there (WebDriver waits
    // for a returned promise); a throw in the page is thrown here.
    const settle = async (body, ...args) => {
      const out = await driver.executeScript(
        `${HELPERS}\nreturn Promise.resolve((async (...args) => { ${body} })(...arguments)).then((v) => ({ v }), (e) => ({ e: String(e && e.message || e) }));`,
        ...args,
      );
      if (out && "e" in out) throw new Error(out.e);
      return out?.v;
    };
    // fn(arg) in the page.
    const run = async (body, ...args) => {
      await activate();
      return settle(body, ...args);
    };
    const call = (fn, ...args) => run(`return (${fn})(...args);`, ...args);
    // Polls in the page until `test` (a body returning a truthy value) holds.
    // A page that navigates meanwhile (a reload the page makes itself) ends the poll's script: polled again
    // in the new document, as playwright's waits go on across navigations.
    const until = async (test, what, timeout = TIMEOUT, ...args) => {
      const end = Date.now() + timeout;
      for (;;) {
        const ok = await run(
          `const end = ${end};
           for (;;) { let v; try { v = await (async () => { ${test} })(); } catch (e) { v = false; }
             if (v) return true; if (Date.now() > end) return false; await new Promise((r) => setTimeout(r, 50)); }`,
          ...args,
        ).catch((e) => {
          if (Date.now() < end && /unload|navigat|document (was )?(changed|unloaded)/i.test(String(e?.message ?? e))) return null;
          throw e;
        });
        if (ok) return;
        if (ok === false) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const waitVisible = (sel, timeout) =>
      until(`const e = q(args[0]); return e && visible(e);`, `${sel} to be visible`, timeout, sel);
    const waitAttached = (sel, timeout = TIMEOUT) => until(`return !!q(args[0]);`, `${sel} to be attached`, timeout, sel);
    // The WebDriver element for `sel`, once it is in the page (for what only the driver can do with it).
    const driverElement = async (sel) => {
      await waitAttached(sel);
      await activate();
      return driver.executeScript(`${HELPERS}\nreturn need(arguments[0]);`, sel);
    };
    const element = async (sel) => {
      await waitVisible(sel);
      await activate();
      return driver.executeScript(`${HELPERS}\nconst e = need(arguments[0]); e.scrollIntoView({ block: "center", inline: "center" }); return e;`, sel);
    };
    // As playwright does: scrolls the element into view if it is not, waits until it stands still (the
    // same place twice in a row: sticky columns and smooth scrolls move it) and its centre hits the element
    // itself (not something over it); the pointer then acts at that point.
    const point = async (sel) => {
      await waitVisible(sel);
      await run(`window.__e2ePoint = null;`);
      let at;
      await until(
        `const e = need(args[0]);
         let r = [...e.getClientRects()].find((r) => r.width > 0 && r.height > 0) ?? e.getBoundingClientRect();
         if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
           e.scrollIntoView({ block: "center", inline: "center" });
           window.__e2ePoint = null;
           return false;
         }
         const x = Math.floor(r.left + r.width / 2);
         const y = Math.floor(r.top + r.height / 2);
         const hit = document.elementFromPoint(x, y);
         const was = window.__e2ePoint;
         window.__e2ePoint = [x, y];
         return !!hit && (hit === e || e.contains(hit)) && !!was && was[0] === x && was[1] === y;`,
        `${sel} to receive pointer events`,
        TIMEOUT,
        sel,
      );
      [at] = [await run(`return window.__e2ePoint;`)];
      return { x: at[0], y: at[1] };
    };
    // Waits for the document that replaces the one marked `__e2eLeaving` to finish loading.
    const arrived = async (what) => {
      for (let end = Date.now() + TIMEOUT; ; ) {
        const left = await driver
          .executeScript("return !window.__e2eLeaving && document.readyState === 'complete';")
          .catch(() => false);
        if (left) return;
        if (Date.now() > end) throw new Error(`timed out after ${TIMEOUT} ms ${what}`);
        await new Promise((ok) => setTimeout(ok, 50));
      }
    };
    const handleFor = (sel) => ({ textContent: () => run(`return need(args[0]).textContent;`, sel) });
    const keyActions = () => driver.actions({ async: true });
    const page = {
      async goto(url) {
        await activate();
        await collect();
        mark = server.log.length;
        downloadsTaken = 0;
        // geckodriver's Navigate To may answer before a page with a #hash is left (from `?lang=zh#s=...` to
        // `?lang=en#s=...`): the old document carries a mark, and the new one is waited for.
        const from = await driver.getCurrentUrl();
        const sameDocument = from.split("#")[0] === url.split("#")[0];
        if (!sameDocument) await driver.executeScript("window.__e2eLeaving = true;");
        await driver.get(url);
        if (!sameDocument) await arrived(`leaving ${from} for ${url}`);
        const doc = server.log.slice(mark).filter((r) => r.document).at(-1);
        return { headers: () => ({ ...(doc?.headers ?? {}) }) };
      },
      async reload() {
        await activate();
        await collect();
        downloadsTaken = 0;
        // The page reloads itself, as the reload button does: geckodriver's Refresh bypasses the service
        // worker (the offline checks would see the network's answer, not the worker's).
        await driver.executeScript("window.__e2eLeaving = true; setTimeout(() => location.reload(), 0);");
        await arrived("the reload");
      },
      async url() {
        await activate();
        return driver.getCurrentUrl();
      },
      async close() {
        if (closed) return;
        await activate();
        await collect();
        closed = true;
        await driver.close();
        current = home;
        await driver.switchTo().window(home);
      },
      async setViewportSize(v) {
        view = { ...v };
        await activate();
      },
      async click(sel) {
        const { x, y } = await point(sel);
        await keyActions().move({ x, y, origin: Origin.VIEWPORT }).press().release().perform();
      },
      async fill(sel, text) {
        await waitVisible(sel);
        await run(
          `const e = need(args[0]);
           if (!(e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement || e.isContentEditable)) throw new Error(args[0] + " cannot be filled");
           e.focus();
           const proto = e instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
           Object.getOwnPropertyDescriptor(proto, "value").set.call(e, args[1]);
           e.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText", data: args[1] }));`,
          sel,
          text,
        );
      },
      async selectOption(sel, value) {
        await waitVisible(sel);
        await run(
          `const e = need(args[0]);
           if (![...e.options].some((o) => o.value === args[1])) throw new Error("no option " + args[1]);
           e.value = args[1];
           e.dispatchEvent(new Event("input", { bubbles: true }));
           e.dispatchEvent(new Event("change", { bubbles: true }));`,
          sel,
          value,
        );
      },
      async focus(sel) {
        await waitAttached(sel);
        await run(`need(args[0]).focus();`, sel);
      },
      async hover(sel) {
        const { x, y } = await point(sel);
        await keyActions().move({ x, y, origin: Origin.VIEWPORT }).perform();
      },
      async setInputFiles(sel, path) {
        await (await driverElement(sel)).sendKeys(path);
      },
      async textContent(sel) {
        await waitAttached(sel);
        return run(`return need(args[0]).textContent;`, sel);
      },
      async inputValue(sel) {
        await waitAttached(sel);
        return run(`return need(args[0]).value;`, sel);
      },
      async getAttribute(sel, name) {
        await waitAttached(sel);
        return run(`return need(args[0]).getAttribute(args[1]);`, sel, name);
      },
      async $(sel) {
        return (await run(`return !!q(args[0]);`, sel)) ? handleFor(sel) : null;
      },
      async $$(sel) {
        const n = await run(`return qa(args[0]).length;`, sel);
        return Array.from({ length: n }, (_, i) => handleFor(`${sel} >> nth=${i}`));
      },
      $eval: (sel, fn, arg) => run(`return (${fn})(need(args[0]), args[1]);`, sel, arg),
      $$eval: (sel, fn, arg) => run(`return (${fn})(qa(args[0]), args[1]);`, sel, arg),
      // A string is a script run as it is (playwright evaluates it as an expression), e.g. axe-core's source.
      evaluate: (fn, arg) => (typeof fn === "string" ? run(`${fn}\n;`) : call(fn, arg)),
      async waitForFunction(fn, arg, options) {
        await until(`return (${fn})(args[0]);`, `${fn}`.slice(0, 80), options?.timeout ?? TIMEOUT, arg);
      },
      async waitForSelector(sel, options) {
        const timeout = options?.timeout ?? TIMEOUT;
        const state = options?.state ?? "visible";
        if (state === "visible") await waitVisible(sel, timeout);
        else if (state === "attached") await waitAttached(sel, timeout);
        else if (state === "detached") await until(`return !q(args[0]);`, `${sel} to be detached`, timeout, sel);
        else if (state === "hidden") await until(`const e = q(args[0]); return !e || !visible(e);`, `${sel} to be hidden`, timeout, sel);
        else throw new Error(`waitForSelector state ${state} is not in the API`);
        return state === "detached" ? null : handleFor(sel);
      },
      async frameEvaluate(sel, fn, arg) {
        await driver.switchTo().frame(await driverElement(sel));
        try {
          return await settle(`return (${fn})(args[0]);`, arg);
        } finally {
          await driver.switchTo().defaultContent();
        }
      },
      waitForTimeout: (ms) => new Promise((ok) => setTimeout(ok, ms)),
      async waitForLoadState(state) {
        if (state !== "networkidle") throw new Error(`waitForLoadState(${state}) is not in the API`);
        await networkIdle(server);
      },
      keyboard: {
        async press(combo) {
          await activate();
          const keys = combo.split("+").map((k) => KEYS[k] ?? k);
          let a = keyActions();
          for (const k of keys) a = a.keyDown(k);
          for (const k of [...keys].reverse()) a = a.keyUp(k);
          await a.perform();
        },
      },
      mouse: {
        async move(x, y) {
          await activate();
          await keyActions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).perform();
        },
      },
      async screenshot({ path, fullPage }) {
        if (engine === "webkit") return noScreenshot(path);
        await activate();
        let png;
        if (fullPage && engine === "firefox") {
          const session = (await driver.getSession()).getId();
          png = (await (await fetch(`${driverProcess.url}/session/${session}/moz/screenshot/full`)).json()).value;
        } else {
          png = await driver.takeScreenshot();
        }
        await writeFile(path, Buffer.from(png, "base64"));
      },
      locator: (sel) => ({
        async screenshot({ path }) {
          if (engine === "webkit") return noScreenshot(path);
          const e = await element(sel);
          await writeFile(path, Buffer.from(await e.takeScreenshot(), "base64"));
        },
      }),
      async waitForEvent(name) {
        if (name !== "download") throw new Error(`waitForEvent(${name}) is not in the API`);
        const index = downloadsTaken++;
        // Polled from here, in short calls: a driver runs one command at a time, and the click that starts
        // the download has to get its turn.
        for (let end = Date.now() + TIMEOUT; ; ) {
          await new Promise((ok) => setTimeout(ok, 50));
          if (await run(`return !!(window.__e2e && __e2e.downloads.length > ${index});`)) break;
          if (Date.now() > end) throw new Error(`timed out after ${TIMEOUT} ms waiting for a download`);
        }
        const { name: file, base64 } = await run(
          `const d = __e2e.downloads[${index}]; const blob = __e2e.blobs.get(d.url);
           if (!blob) throw new Error("the download's blob is unknown");
           const bytes = new Uint8Array(await blob.arrayBuffer()); let s = "";
           for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
           return { name: d.name, base64: btoa(s) };`,
        );
        const path = join(downloads, `${index}-${Date.now()}-${file}`);
        await writeFile(path, Buffer.from(base64, "base64"));
        return { suggestedFilename: () => file, path: async () => path };
      },
      requests: () => server.log.slice(mark).map((r) => r.path),
      async errors() {
        await activate();
        return drain();
      },
    };
    const errorsSeen = [];
    const drain = async () => [...errorsSeen.splice(0), ...(await probeErrors(page))];
    // Before the page's document goes away (navigation, close), keep its errors for errors().
    const collect = async () => errorsSeen.push(...(await probeErrors(page)));
    return page;
  }

  return {
    engine,
    newPage,
    async close() {
      await driver.quit().catch(() => {});
      driverProcess.stop();
    },
  };
}
