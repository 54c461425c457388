// scripts/test, WebKit stage: which test binaries of a `cargo test --no-fail-fast` log failed, and whether each
// failure is one of the engine's known faults. Usage: node failed-binaries.mjs <log> <fault regex>
// Prints `<wasm path>\t<the line that names the fault>` per failed binary; exits 1 (printing nothing) when
// a binary failed otherwise, or when the log shows no failed binary at all (cargo failed before running).
import { readFileSync } from "node:fs";

const [log, pattern] = process.argv.slice(2);
const fault = new RegExp(pattern);
const sections = readFileSync(log, "utf8").split(/^\s*Running .*\((\S+\.wasm)\)$/m);
const lines = [];
for (let i = 1; i < sections.length; i += 2) {
  const [wasm, output] = [sections[i], sections[i + 1]];
  // A binary with no browser tests (the library's unit tests, the native-only suites) prints no result line.
  if (/^test result: ok\./m.test(output) || /^no tests to run!$/m.test(output)) continue;
  const named = output.split("\n").find((line) => fault.test(line));
  if (!named) {
    console.error(`${wasm}: failed, and not with a known engine fault`);
    process.exit(1);
  }
  lines.push(`${wasm}\t${named.trim().slice(0, 200)}`);
}
if (!lines.length) {
  console.error("no test binary failed: cargo test stopped for another reason");
  process.exit(1);
}
console.log(lines.join("\n"));
