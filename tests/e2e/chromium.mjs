// Headless Debian Chromium as the e2e run and the browser benchmark both launch it (flags from
// ../shared/TOOLCHAIN.md). Playwright gives every launch a fresh temporary profile (it refuses
// --user-data-dir here).
import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
