// The pasted import of benches/browser.mjs and benches/profile-import.mjs.

// What `mqadmin` prints (docs/spec/cluster-output/FORMATS.md, Java printf widths) for a group of `n` connections,
// every tenth of them the Docker clientId `172.17.0.1@9`, on `brokers` brokers of `queues` queues each of the
// topic `orders` plus one retry queue per broker: consumerConnection, then consumerProgress -s of 5.3.3.
const pad = (v, w) => String(v).padEnd(w);
export function clusterOutput(n, brokers, queues) {
  const ids = Array.from({ length: n }, (_, i) =>
    i % 10 === 1 ? ["172.17.0.1@9", `10.1.${i >> 8}.${i & 255}`] : [`10.1.${i >> 8}.${i & 255}@${4000 + i}#${9e13 + i * 7919}`, `10.1.${i >> 8}.${i & 255}`]);
  const conn = [`${pad("#ClientId", 36)} ${pad("#ClientAddr", 22)} ${pad("#Language", 10)} #Version`];
  ids.forEach(([id, ip], i) => conn.push(`${pad(id, 36)} ${pad(`${ip}:${30000 + i}`, 22)} ${pad("JAVA", 10)} ${i % 3 ? "V4_9_7" : "V5_3_3"}`));
  conn.push("", "Below is subscription:", `${pad("#Topic", 20)} #SubExpression`, `${pad("orders", 20)} *`, `${pad("%RETRY%GID_orders", 20)} *`, "",
    "ConsumeType: CONSUME_PASSIVELY", "MessageModel: CLUSTERING", "ConsumeFromWhere: CONSUME_FROM_LAST_OFFSET");
  const head = ["#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Client IP", "#Diff", "#Inflight"];
  const prog = [`${pad(head[0], 64)}  ${pad(head[1], 32)}  ${pad(head[2], 4)}  ${pad(head[3], 20)}  ${pad(head[4], 20)}  ${pad(head[5], 20)} ${pad(head[6], 20)} ${pad(head[7], 20)}#LastTime`];
  let diffTotal = 0;
  const row = (topic, b, q, k) => {
    const broker = 1_000_000 + ((k * 7_919) % 90_000_000);
    const diff = k % 50 === 7 ? 2_000_000 + k : k % 13;
    diffTotal += diff;
    // The holder the tool reports: a connection's clientId up to its `@` (round robin), `N/A` now and then.
    const ip = k % 97 === 5 ? "N/A" : ids[k % n][0].split("@")[0];
    return `${pad(topic, 64)}  ${pad(`broker-${b}`, 32)}  ${pad(q, 4)}  ${pad(broker, 20)}  ${pad(broker - diff, 20)}  ${pad(ip, 20)} ${pad(diff, 20)} ${pad(k % 5, 20)} 2026-12-01 21:${pad(String(k % 60).padStart(2, "0"), 2)}:07`;
  };
  for (let b = 0; b < brokers; b++) prog.push(row("%RETRY%GID_orders", b, 0, b));
  let k = brokers;
  for (let b = 0; b < brokers; b++) for (let q = 0; q < queues; q++) prog.push(row("orders", b, q, k++));
  prog.push("", "Consume TPS: 1855.50", `Consume Diff Total: ${diffTotal}`, `Consume Inflight Total: ${2 * (k - 1)}`);
  return { text: conn.join("\n") + "\n" + prog.join("\n") + "\n", rows: prog.length - 5, topicQueues: brokers * queues };
}
