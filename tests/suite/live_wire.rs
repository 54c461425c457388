//! The remoting client against scripted servers on loopback: a Java 5.3.3 broker and name server answering
//! as REMOTING.md §1 and FORMATS.md describe (recorded answers: bare numeric keys, `MessageQueue` object
//! keys, a shared clientId listed twice by 38 and 203, GET_CONSUMER_RUNNING_INFO reaching the first
//! connection only), and servers that answer badly. The real cluster is in `tests/live_cluster/`.
#![cfg(not(target_arch = "wasm32"))]

use rebalance_playground::group::Lang;
use rebalance_playground::import::Options;
use rebalance_playground::live::remoting::{
    code, decode_frame, encode_frame, frame_length, Conn, Header, Serialize, Timeouts,
};
use rebalance_playground::live::{diagnose, Target};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

/// Reads one request frame (None when the peer closed).
fn request(s: &mut TcpStream) -> Option<rebalance_playground::live::remoting::Frame> {
    let mut word = [0u8; 4];
    s.read_exact(&mut word).ok()?;
    let n = frame_length(word).ok()?;
    let mut buf = vec![0u8; n];
    s.read_exact(&mut buf).ok()?;
    decode_frame(&buf).ok()
}

fn answer(opaque: i32, code: i32, serialize: Serialize) -> Header {
    Header {
        code,
        language: "JAVA".into(),
        version: 479,
        opaque,
        flag: 1,
        remark: None,
        ext_fields: Default::default(),
        serialize,
    }
}

/// A server on 127.0.0.1 answering each request with `reply(port, request) -> bytes to write` (or closing
/// when it returns `None`), on every connection, until the test ends.
fn serve(
    reply: impl Fn(u16, &rebalance_playground::live::remoting::Frame) -> Option<Vec<u8>> + Send + Sync + 'static,
) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    let port = listener.local_addr().unwrap().port();
    let reply = std::sync::Arc::new(reply);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut s) = stream else { continue };
            let reply = reply.clone();
            std::thread::spawn(move || {
                while let Some(req) = request(&mut s) {
                    match reply(port, &req) {
                        Some(bytes) => {
                            if s.write_all(&bytes).is_err() {
                                return;
                            }
                        }
                        None => return,
                    }
                }
            });
        }
    });
    port
}

const GROUP: &str = "GID_orders";

/// A Java cluster of one broker (`broker-a`, 8 queues of `orders`) and a group of three connections, two
/// of them `172.17.0.1@9` (the Docker incident), all on AVG.
fn java_cluster(port: u16, req: &rebalance_playground::live::remoting::Frame) -> Option<Vec<u8>> {
    let addr = format!("127.0.0.1:{port}");
    let f = |k: &str| req.header.ext_fields.get(k).cloned().unwrap_or_default();
    let ok = |body: String| Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
    let mq = |q: i32| format!(r#"{{"brokerName":"broker-a","queueId":{q},"topic":"orders"}}"#);
    match req.header.code {
        // A Java name server: strict keys for a V5_3_3 requester.
        code::GET_ROUTEINFO_BY_TOPIC => ok(format!(
            r#"{{"brokerDatas":[{{"brokerAddrs":{{"0":"{addr}"}},"brokerName":"broker-a","cluster":"DefaultCluster","enableActingMaster":false}}],"filterServerTable":{{}},"queueDatas":[{{"brokerName":"broker-a","perm":6,"readQueueNums":8,"topicSysFlag":0,"writeQueueNums":8}}]}}"#
        )),
        // One id per channel: the shared one twice.
        code::GET_CONSUMER_LIST_BY_GROUP => {
            ok(r#"{"consumerIdList":["172.17.0.1@9","10.0.0.12@1","172.17.0.1@9"]}"#.into())
        }
        code::GET_CONSUMER_CONNECTION_LIST => ok(format!(
            r#"{{"connectionSet":[{{"clientAddr":"10.0.0.13:50002","clientId":"172.17.0.1@9","language":"JAVA","version":479}},{{"clientAddr":"10.0.0.12:50001","clientId":"10.0.0.12@1","language":"JAVA","version":479}},{{"clientAddr":"10.0.0.14:50003","clientId":"172.17.0.1@9","language":"JAVA","version":479}}],"consumeFromWhere":"CONSUME_FROM_LAST_OFFSET","consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING","subscriptionTable":{{"%RETRY%{GROUP}":{{"classFilterMode":false,"codeSet":[],"expressionType":"TAG","subString":"*","subVersion":0,"tagsSet":[],"topic":"%RETRY%{GROUP}"}},"orders":{{"classFilterMode":false,"codeSet":[],"expressionType":"TAG","subString":"*","subVersion":0,"tagsSet":[],"topic":"orders"}}}}}}"#
        )),
        // fastjson: MessageQueue objects as keys, in hash order. Queues 1, 4, 7 held, 0 and 3 stale.
        code::GET_CONSUME_STATS => {
            let rows: Vec<String> = [3, 0, 5, 1, 7, 2, 6, 4]
                .iter()
                .map(|&q| {
                    let held = [1, 2, 4, 5, 7].contains(&q);
                    let (bo, co) = (1000 + q as i64, if held { 1000 + q as i64 } else { 400 });
                    format!(
                        r#"{}:{{"brokerOffset":{bo},"consumerOffset":{co},"lastTimestamp":{},"pullOffset":{co}}}"#,
                        mq(q),
                        if held { 1764700000000i64 } else { 0 }
                    )
                })
                .collect();
            ok(format!(r#"{{"consumeTps":12.5,"offsetTable":{{{}}}}}"#, rows.join(",")))
        }
        code::QUERY_TOPIC_CONSUME_BY_WHO => ok(format!(r#"{{"groupList":["{GROUP}","GID_audit"]}}"#)),
        code::GET_SUBSCRIPTIONGROUP_CONFIG => ok(format!(
            r#"{{"groupName":"{GROUP}","consumeEnable":true,"consumeBroadcastEnable":true,"retryQueueNums":1,"retryMaxTimes":16}}"#
        )),
        // Forwarded to the first channel of the clientId only (ConsumerGroupInfo.findChannel).
        code::GET_CONSUMER_RUNNING_INFO => {
            let id = f("clientId");
            let (ip, instance, held): (&str, &str, &[i32]) = match id.as_str() {
                "10.0.0.12@1" => ("10.0.0.12", "1", &[0, 1, 2, 3]),
                "172.17.0.1@9" => ("172.17.0.1", "9", &[4, 5, 6, 7]),
                _ => {
                    return Some(encode_frame(
                        &Header {
                            remark: Some(format!("The consumer <{id}> not online")),
                            ..answer(req.header.opaque, 206, Serialize::Json)
                        },
                        b"",
                    ))
                }
            };
            let table: Vec<String> = held
                .iter()
                .map(|&q| {
                    format!(r#"{}:{{"cachedMsgCount":0,"commitOffset":1000,"droped":false,"locked":false}}"#, mq(q))
                })
                .collect();
            ok(format!(
                r#"{{"jstack":"","mqTable":{{{}}},"properties":{{"allocateMessageQueueStrategy":"org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@6d06d69c","clientIP":"{ip}","consumerGroup":"{GROUP}","instanceName":"{instance}","messageModel":"CLUSTERING","unitName":""}},"statusTable":{{}},"subscriptionSet":[{{"topic":"orders","subString":"*"}}]}}"#,
                table.join(",")
            ))
        }
        _ => Some(encode_frame(
            &Header {
                remark: Some("request type not supported".into()),
                ..answer(req.header.opaque, 3, Serialize::Json)
            },
            b"",
        )),
    }
}

fn target(port: u16) -> Target {
    Target {
        namesrv: vec![format!("127.0.0.1:{port}")],
        group: GROUP.into(),
        topic: None,
        client_calls: true,
        parallel: 4,
        client_timeout: Duration::from_secs(5),
        credentials: None,
        timeouts: Timeouts { connect: Duration::from_secs(2), request: Duration::from_secs(2) },
    }
}

#[test]
fn a_java_broker_with_a_shared_client_id() {
    let port = serve(java_cluster);
    let d = diagnose(&target(port), &Options::default(), &[]);
    assert!(d.snapshot.missing.is_empty(), "{:?}", d.snapshot.missing);
    assert_eq!(d.snapshot.topic.as_deref(), Some("orders"));
    // 38 and 203 keep both connections of the shared clientId; 307 was asked once per distinct id.
    assert_eq!(d.snapshot.cid_all.as_ref().map(Vec::len), Some(3));
    assert_eq!(d.rebuilt.scenario.instances.len(), 3);
    assert_eq!(d.snapshot.unasked_copies, [("172.17.0.1@9".to_string(), 2)]);
    let asked_307 = d.snapshot.asked.iter().filter(|a| a.request.starts_with("GET_CONSUMER_RUNNING_INFO")).count();
    assert_eq!(asked_307, 2);
    // The strategy came from the clients' own properties.
    assert!(d.rebuilt.strategy_known);
    assert_eq!(d.rebuilt.scenario.strategy.name().as_deref(), Some("AVG"));
    // AVG over [10.0.0.12@1, 172.17.0.1@9, 172.17.0.1@9] and 8 queues: 0-2, then 3-5 twice, 6 and 7 nobody.
    let label = |q: &[usize]| q.iter().map(|&q| d.label(q)).collect::<Vec<_>>();
    assert_eq!(label(&d.sim.overlapped), ["broker-a:3", "broker-a:4", "broker-a:5"]);
    assert_eq!(label(&d.sim.starved), ["broker-a:6", "broker-a:7"]);
    // The recorded holders disagree with that where the first connection says it holds 6 and 7.
    let disagree: Vec<&str> = d.checks.iter().filter(|c| c.agrees == Some(false)).map(|c| c.queue.as_str()).collect();
    assert!(disagree.contains(&"broker-a:6") && disagree.contains(&"broker-a:7"), "{disagree:?}");
    // Lag from the object-keyed consume stats.
    let lag: Vec<Option<i64>> = d.checks.iter().map(|c| c.lag).collect();
    assert_eq!(lag[0], Some(600));
    assert_eq!(d.snapshot.groups_of_topic.as_ref().map(Vec::len), Some(2));
    assert_eq!(
        d.snapshot.group_config.as_ref().and_then(|c| c.get("consumeBroadcastEnable")).map(String::as_str),
        Some("true")
    );
}

#[test]
fn the_cli_reads_the_same_and_says_what_the_wire_cannot_show() {
    let port = serve(java_cluster);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args([
            "diagnose",
            "--namesrv",
            &format!("127.0.0.1:{port}"),
            "--group",
            GROUP,
            "--json",
            "--link",
            "https://example.org/playground/",
        ])
        .output()
        .expect("run rebalance");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["starved"], serde_json::json!(["broker-a:6", "broker-a:7"]));
    assert_eq!(v["overlapped"], serde_json::json!(["broker-a:3", "broker-a:4", "broker-a:5"]));
    let cannot = v["live"]["cannotShow"].to_string();
    assert!(cannot.contains("172.17.0.1@9 is reported by 2 connections"), "{cannot}");
    assert!(v["link"].as_str().unwrap_or_default().starts_with("https://example.org/playground/#s=1."));
    assert!(v["observed"][0]["secondsSinceConsume"].is_null());
    assert!(v["observed"][1]["secondsSinceConsume"].as_f64().is_some());
    // The picture, as for a paste.
    let svg = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(["diagnose", "--namesrv", &format!("127.0.0.1:{port}"), "--group", GROUP, "--svg", "-"])
        .output()
        .expect("run rebalance");
    assert!(svg.status.success() && svg.stdout.starts_with(b"<svg"), "{}", String::from_utf8_lossy(&svg.stderr));
    // The same answers, pasted as files, give the same scenario.
    let dir = std::env::temp_dir().join(format!("rebalance-live-wire-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let t = target(port);
    let snap = rebalance_playground::live::read(&t);
    let mut files = vec![];
    for (k, a) in snap.answers.iter().enumerate() {
        let f = dir.join(format!("{k}.json"));
        std::fs::write(&f, &a.text).unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    let pasted = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(["diagnose", "--json", "--topic", "orders"])
        .args(&files)
        .output()
        .expect("run rebalance");
    let _ = std::fs::remove_dir_all(&dir);
    let p: serde_json::Value = serde_json::from_slice(&pasted.stdout).expect("JSON");
    assert_eq!(p["starved"], v["starved"]);
    assert_eq!(p["overlapped"], v["overlapped"]);
    // The scenario is the same, but for the holders: a file does not say which clientId a
    // running info was asked of; these name themselves (clientIP, instanceName), so even those agree.
    assert_eq!(p["scenario"], v["scenario"]);
}

/// A server that answers the first request with `bytes` (and then holds or closes the connection).
fn bad(bytes: Vec<u8>, then_close: bool) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        if let Ok((mut s, _)) = listener.accept() {
            let _ = request(&mut s);
            let _ = s.write_all(&bytes);
            if !then_close {
                std::thread::sleep(Duration::from_secs(5));
            }
        }
    });
    port
}

fn ask(port: u16) -> String {
    let t = Timeouts { connect: Duration::from_secs(2), request: Duration::from_millis(700) };
    let mut c = Conn::open(&format!("127.0.0.1:{port}"), t, None).expect("connect");
    let e = c.invoke(code::GET_CONSUMER_LIST_BY_GROUP, &[("consumerGroup", "G")], "G").expect_err("a bad answer");
    let text = e.to_string();
    assert!(text.starts_with(&format!("GET_CONSUMER_LIST_BY_GROUP (38) G to 127.0.0.1:{port}: ")), "{text}");
    text
}

#[test]
fn bad_answers_are_named_with_the_server_and_the_request() {
    // An unknown code.
    let h = Header { remark: Some("no such thing".into()), ..answer(1, 9999, Serialize::Json) };
    assert!(ask(bad(encode_frame(&h, b""), false)).ends_with("refused: code 9999 (no such thing)"));
    // A frame longer than RocketMQ's limit.
    let mut b = (16 * 1024 * 1024 + 1i32).to_be_bytes().to_vec();
    b.extend_from_slice(&[0; 64]);
    assert!(ask(bad(b, false)).contains("a frame length of 16777217 bytes (the limit is 16777216)"));
    // A header length past the frame.
    let mut b = 12i32.to_be_bytes().to_vec();
    b.extend_from_slice(&500u32.to_be_bytes());
    b.extend_from_slice(b"{\"code\":0}");
    assert!(ask(bad(b[..16].to_vec(), false)).contains("a header of 500 bytes in a frame of 12"));
    // An answer for another request.
    assert!(ask(bad(encode_frame(&answer(42, 0, Serialize::Json), b"{}"), false))
        .ends_with("an answer to another request (opaque 42, this one is 1)"));
    // A binary (ROCKETMQ) header is read like a JSON one: here it carries an error code.
    let h = Header { remark: Some("busy".into()), ..answer(1, 2, Serialize::RocketMq) };
    assert!(ask(bad(encode_frame(&h, b""), false)).ends_with("refused: SYSTEM_BUSY (busy)"));
    // A server that stalls after half a frame.
    let frame = encode_frame(&answer(1, 0, Serialize::Json), b"{\"consumerIdList\":[]}");
    assert!(ask(bad(frame[..20].to_vec(), false)).contains("no whole answer in time (20 of"));
    // One that closes mid-frame.
    assert!(ask(bad(frame[..20].to_vec(), true)).contains("the server closed the connection after 20 of"));
    // One that says nothing and closes.
    assert!(ask(bad(vec![], true)).contains("the server closed the connection after 0 bytes"));
}

#[test]
fn a_body_that_is_not_what_the_code_promises_is_said_and_the_rest_is_read() {
    let port = serve(|port, req| {
        if req.header.code == code::GET_CONSUMER_LIST_BY_GROUP {
            return Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), b"[\"not\",\"a\",\"list\"]"));
        }
        java_cluster(port, req)
    });
    let d = diagnose(&target(port), &Options::default(), &[]);
    let said = d.snapshot.missing.iter().map(|m| m.text(Lang::En)).collect::<Vec<_>>().join("\n");
    assert!(
        said.contains(&format!("GET_CONSUMER_LIST_BY_GROUP (38) to 127.0.0.1:{port}: an answer body that is not")),
        "{said}"
    );
    // Everything else was read.
    assert_eq!(d.rebuilt.scenario.instances.len(), 3);
    assert_eq!(d.sim.starved.len(), 2);
}

#[test]
fn a_name_server_that_is_down_is_skipped_and_a_broker_that_is_down_is_said() {
    // The first name server refuses connections (a port nobody listens on), the second answers; its
    // route points at a broker that is down.
    let dead = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let port = serve(move |port, req| {
        if req.header.code == code::GET_ROUTEINFO_BY_TOPIC {
            let body = format!(
                r#"{{"brokerDatas":[{{"brokerAddrs":{{"0":"127.0.0.1:{dead}"}},"brokerName":"broker-b","cluster":"c"}},{{"brokerAddrs":{{"0":"127.0.0.1:{port}"}},"brokerName":"broker-a","cluster":"c"}}],"queueDatas":[{{"brokerName":"broker-a","perm":6,"readQueueNums":8,"writeQueueNums":8}},{{"brokerName":"broker-b","perm":6,"readQueueNums":4,"writeQueueNums":4}}]}}"#
            );
            return Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
        }
        java_cluster(port, req)
    });
    let mut t = target(port);
    t.namesrv = vec![format!("127.0.0.1:{dead}"), format!("127.0.0.1:{port}")];
    let d = diagnose(&t, &Options::default(), &[]);
    let said = d.snapshot.missing.iter().map(|m| m.text(Lang::En)).collect::<Vec<_>>().join("\n");
    assert!(
        said.contains(&format!(
            "the lag of broker-b's queues: GET_CONSUME_STATS (208) GID_orders to 127.0.0.1:{dead}: cannot connect"
        )),
        "{said}"
    );
    assert!(d.snapshot.asked[0].problem.as_ref().is_some_and(|p| p.text(Lang::En).contains("cannot connect")));
    assert_eq!(d.rebuilt.scenario.instances.len(), 3);
    assert_eq!(d.sim.mq_all.len(), 12);
}

#[test]
fn the_exporter_says_the_same_as_metrics() {
    let port = serve(java_cluster);
    let d = diagnose(&target(port), &Options::default(), &[]);
    let text = rebalance_playground::live::exporter::metrics_text(&[d]);
    let g = r#"group="GID_orders",topic="orders""#;
    for line in [
        format!("rocketmq_rebalance_instances{{{g}}} 3.0"),
        format!("rocketmq_rebalance_client_ids{{{g}}} 2.0"),
        format!("rocketmq_rebalance_shared_client_ids{{{g}}} 1.0"),
        format!("rocketmq_rebalance_starved_queues{{{g}}} 2.0"),
        format!("rocketmq_rebalance_overlapped_queues{{{g}}} 3.0"),
        format!(r#"rocketmq_rebalance_queue_consumers{{{g},queue="broker-a:6"}} 0.0"#),
        format!(r#"rocketmq_rebalance_queue_consumers{{{g},queue="broker-a:4"}} 2.0"#),
        format!(r#"rocketmq_rebalance_queue_lag{{{g},queue="broker-a:0"}} 600.0"#),
        r#"rocketmq_rebalance_read_ok{group="GID_orders"} 1.0"#.to_string(),
    ] {
        assert!(text.lines().any(|l| l == line), "{line} not in:\n{text}");
    }
    assert!(text.ends_with("# EOF\n"));
}

/// The binary started with `args` (an exporter listening on 127.0.0.1:`port`, its stderr piped) and its first
/// `/metrics` answered with 200, waited for at most 300 times 50 ms.
fn exporter_answering(args: &[&str], port: u16) -> (std::process::Child, Option<String>) {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run the exporter");
    for _ in 0..300 {
        if let Some((status, metrics)) = get(port, "/metrics") {
            if status.contains(" 200 ") {
                return (child, Some(metrics));
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, None)
}

/// The binary's exit code, stdout and stderr.
fn rebalance(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .output()
        .expect("run rebalance");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn diagnose_exits_3_on_the_kinds_named_and_1_when_the_read_was_not_whole() {
    let port = serve(java_cluster);
    let ns = format!("127.0.0.1:{port}");
    let live = ["diagnose", "--namesrv", &ns, "--group", GROUP];
    // Every request answered: 0, whatever the findings.
    let (code, out, err) = rebalance(&live);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("topic orders, 8 queues;"), "the diagnosis first: {out}");
    // Starved and overlapped by the shared clientId; the first connection's holdings disagree.
    let (code, _, err) = rebalance(&[&live[..], &["--fail-on", "disagreeing"]].concat());
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("found disagreeing (--fail-on): exit 3"), "{err}");
    assert_eq!(rebalance(&[&live[..], &["--json", "--fail-on", "starved,shared"]].concat()).0, 3);
    assert_eq!(rebalance(&[&live[..], &["--fail-on", "stalled"]].concat()).0, 0);
    // A broker that is down: the rest is read and diagnosed, and the exit says the read was not whole.
    let dead = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let port = serve(move |port, req| {
        if req.header.code == code::GET_ROUTEINFO_BY_TOPIC
            && req.header.ext_fields.get("topic").is_some_and(|t| t == "orders")
        {
            let body = format!(
                r#"{{"brokerDatas":[{{"brokerAddrs":{{"0":"127.0.0.1:{dead}"}},"brokerName":"broker-b","cluster":"c"}},{{"brokerAddrs":{{"0":"127.0.0.1:{port}"}},"brokerName":"broker-a","cluster":"c"}}],"queueDatas":[{{"brokerName":"broker-a","perm":6,"readQueueNums":8,"writeQueueNums":8}},{{"brokerName":"broker-b","perm":6,"readQueueNums":4,"writeQueueNums":4}}]}}"#
            );
            return Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
        }
        java_cluster(port, req)
    });
    let ns = format!("127.0.0.1:{port}");
    let (code, out, err) = rebalance(&["diagnose", "--namesrv", &ns, "--group", GROUP, "--timeout", "2s"]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("diagnosis:") && out.contains("broker-b"), "{out}");
    assert!(err.contains(&format!("could not read all of {GROUP} (")), "{err}");
    // What was read still decides --fail-on.
    assert_eq!(rebalance(&["diagnose", "--namesrv", &ns, "--group", GROUP, "--fail-on", "starved"]).0, 3);
}

#[test]
fn watch_draws_a_group_it_read_and_exits_3_on_a_kind_named() {
    let port = serve(java_cluster);
    let ns = format!("127.0.0.1:{port}");
    let watch = ["watch", "--namesrv", &ns, "--group", GROUP, "--every", "100ms"];
    let (code, out, err) = rebalance(&[&watch[..], &["--for", "250ms"]].concat());
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.lines().next().is_some_and(|l| l.contains(" 3 instances, 8 queues; starved: broker-a:6, broker-a:7")),
        "{out}"
    );
    let (code, out, err) = rebalance(&[&watch[..], &["--fail-on", "overlapped"]].concat());
    assert_eq!(code, 3, "{out}\n{err}");
    assert_eq!(out.lines().count(), 1, "it stops at the first read: {out}");
    assert!(err.contains("found overlapped (--fail-on)"), "{err}");
}

#[test]
fn the_exporter_publishes_nothing_of_a_group_it_could_not_read_and_its_version() {
    let dead = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut t = target(dead);
    t.topic = Some("orders".into());
    let d = diagnose(&t, &Options::default(), &[]);
    let text = rebalance_playground::live::exporter::metrics_text(&[d]);
    assert!(text.lines().any(|l| l == r#"rocketmq_rebalance_read_ok{group="GID_orders"} 0.0"#), "{text}");
    for healthy in ["rocketmq_rebalance_instances{", "rocketmq_rebalance_starved_queues{", "rocketmq_rebalance_lag{"] {
        assert!(!text.contains(healthy), "{healthy} for a group never read:\n{text}");
    }
    let version = format!(r#"rocketmq_rebalance_build_info{{version="{}"}} 1.0"#, env!("CARGO_PKG_VERSION"));
    assert!(text.lines().any(|l| l == version), "{text}");
}

/// `GET path` from a server on loopback: the status line and the body.
pub(crate) fn get(port: u16, path: &str) -> Option<(String, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.write_all(format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").as_bytes()).ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    Some((head.lines().next()?.to_string(), body.to_string()))
}

#[test]
fn the_exporter_serves_a_page_at_the_root_that_links_to_the_metrics() {
    let cluster = serve(java_cluster);
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let ns = format!("127.0.0.1:{cluster}");
    let listen = format!("127.0.0.1:{port}");
    let args = ["exporter", "--namesrv", &ns, "--group", GROUP, "--group", "<b>", "--listen", &listen, "--every", "1s"];
    // Bounded: the server answers within seconds, and the first read ends.
    let (mut child, answered) = exporter_answering(&args, port);
    let root = get(port, "/");
    let missing = get(port, "/nothing");
    let _ = child.kill();
    let _ = child.wait();
    let metrics = answered.expect("the exporter's /metrics within 15 s");
    assert!(metrics.contains("rocketmq_rebalance_build_info{version="), "{metrics}");
    assert!(metrics.contains(r#"rocketmq_rebalance_read_ok{group="GID_orders"} 1.0"#), "{metrics}");
    let (status, page) = root.expect("an answer at /");
    assert!(status.contains(" 200 "), "{status}");
    assert!(page.contains(r#"<a href="/metrics">"#) && page.contains("<code>GID_orders</code>"), "{page}");
    assert!(page.contains("<code>&lt;b&gt;</code>") && !page.contains("<b>"), "a group's name is text: {page}");
    assert!(page.contains(env!("CARGO_PKG_VERSION")) && page.contains("every 1s"), "{page}");
    let (status, _) = missing.expect("an answer at /nothing");
    assert!(status.contains(" 404 "), "{status}");
}

/// The guide's table of metrics is the exporter's registry: every gauge published, with its labels and its
/// HELP text, in order, and nothing else.
#[test]
fn the_guides_table_of_metrics_is_the_registry() {
    use rebalance_playground::live::exporter::{fleet_metrics_text, Fleet, Shard, METRICS};
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/exporter.md")).unwrap();
    let rows: Vec<&str> =
        guide.lines().skip_while(|l| !l.starts_with("| metric |")).skip(2).take_while(|l| l.starts_with('|')).collect();
    let expected: Vec<String> = METRICS
        .iter()
        .map(|m| format!("| `rocketmq_rebalance_{}` | {} | {} |", m.name, m.labels.join(", "), m.help))
        .collect();
    assert_eq!(rows, expected, "docs/src/exporter.md's table, as it should read:\n{}", expected.join("\n"));
    // And the registry publishes these, each with its help, for a group read whole (its gauges all set) by
    // an exporter of all groups.
    let port = serve(java_cluster);
    let fleet = Fleet { shard: Shard::ALL, discovered: 1, assigned: 1, ok: true };
    let text = fleet_metrics_text(&[diagnose(&target(port), &Options::default(), &[])], Some(&fleet));
    let helped: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("# HELP rocketmq_rebalance_")).collect();
    let listed: Vec<String> = METRICS.iter().map(|m| format!("{} {}.", m.name, m.help)).collect();
    assert_eq!(helped, listed, "{text}");
}

/// A Java cluster whose group has `n` clients (`10.0.0.<k>@1`, each holding queue `k - 1` of 8), whose
/// running-info calls wait until `parallel` of them are in flight (or 4 s), counting the most in flight.
fn crowded(
    n: usize,
    parallel: usize,
    most: std::sync::Arc<std::sync::atomic::AtomicUsize>,
) -> impl Fn(u16, &rebalance_playground::live::remoting::Frame) -> Option<Vec<u8>> + Send + Sync + 'static {
    use std::sync::atomic::Ordering::SeqCst;
    let in_flight = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    move |port, req| {
        let ok = |body: String| Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
        let ids: Vec<String> = (1..=n).map(|k| format!("10.0.0.{k}@1")).collect();
        match req.header.code {
            code::GET_CONSUMER_LIST_BY_GROUP => ok(format!(r#"{{"consumerIdList":{ids:?}}}"#)),
            code::GET_CONSUMER_CONNECTION_LIST => {
                let conns: Vec<String> = ids
                    .iter()
                    .enumerate()
                    .map(|(k, id)| {
                        format!(
                            r#"{{"clientAddr":"10.0.0.{k}:5000","clientId":"{id}","language":"JAVA","version":479}}"#
                        )
                    })
                    .collect();
                ok(format!(
                    r#"{{"connectionSet":[{}],"consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING","subscriptionTable":{{"orders":{{"topic":"orders","subString":"*"}}}}}}"#,
                    conns.join(",")
                ))
            }
            code::GET_CONSUMER_RUNNING_INFO => {
                let now = in_flight.fetch_add(1, SeqCst) + 1;
                most.fetch_max(now, SeqCst);
                let until = std::time::Instant::now() + Duration::from_secs(4);
                while in_flight.load(SeqCst) < parallel && std::time::Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(5));
                }
                let id = req.header.ext_fields.get("clientId").cloned().unwrap_or_default();
                let k: i32 = id.trim_start_matches("10.0.0.").trim_end_matches("@1").parse().unwrap_or(1);
                let body = format!(
                    r#"{{"mqTable":{{{{"brokerName":"broker-a","queueId":{},"topic":"orders"}}:{{"commitOffset":1000}}}},"properties":{{"clientIP":"10.0.0.{k}","instanceName":"1","messageModel":"CLUSTERING"}},"subscriptionSet":[{{"topic":"orders","subString":"*"}}]}}"#,
                    k - 1
                );
                // Leave only once every call of this round has come: a sequential reader never gets there.
                std::thread::sleep(Duration::from_millis(20));
                in_flight.fetch_sub(1, SeqCst);
                ok(body)
            }
            _ => java_cluster(port, req),
        }
    }
}

#[test]
fn running_infos_are_asked_in_parallel_and_never_more_at_once_than_allowed() {
    use std::sync::atomic::Ordering::SeqCst;
    for (clients, parallel) in [(6, 3), (5, 1), (3, 4)] {
        let most = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let port = serve(crowded(clients, parallel.min(clients), most.clone()));
        let t = Target { parallel, ..target(port) };
        let d = diagnose(&t, &Options::default(), &[]);
        let asked: Vec<&str> = d
            .snapshot
            .asked
            .iter()
            .filter(|a| a.request.starts_with("GET_CONSUMER_RUNNING_INFO"))
            .map(|a| a.request.as_str())
            .collect();
        assert_eq!(asked.len(), clients, "{clients} clients, {parallel} at once: {asked:?}");
        assert!(d.snapshot.missing.is_empty(), "{:?}", d.snapshot.missing);
        // In the clients' order, whatever order they answered in.
        let want: Vec<String> =
            (1..=clients).map(|k| format!("GET_CONSUMER_RUNNING_INFO (307) 10.0.0.{k}@1")).collect();
        assert_eq!(asked, want);
        assert_eq!(most.load(SeqCst), parallel.min(clients), "{clients} clients, {parallel} at once");
        assert_eq!(d.verdict.source, rebalance_playground::import::Source::Observed, "every client answered");
    }
}

/// The running-info calls of one read.
fn asked_307(d: &rebalance_playground::live::Diagnosis) -> Vec<String> {
    let prefix = "GET_CONSUMER_RUNNING_INFO (307) ";
    d.snapshot.asked.iter().filter_map(|a| a.request.strip_prefix(prefix).map(str::to_string)).collect()
}

#[test]
fn repeated_reads_ask_the_clients_at_first_after_a_change_and_every_nth_read_and_keep_what_they_said() {
    use rebalance_playground::live::asking::{Asking, NotAskedWhy};
    use rebalance_playground::live::diagnose_again;
    let port = serve(java_cluster);
    let t = target(port);
    let mut asking = Asking::every(3);
    let reads: Vec<_> = (0..7).map(|_| diagnose_again(&t, &mut asking, &Options::default(), &[])).collect();
    let counts: Vec<usize> = reads.iter().map(|d| asked_307(d).len()).collect();
    // Reads 1-3 (the first, and the group settling), then every 3rd: 6.
    assert_eq!(counts, [2, 2, 2, 0, 0, 2, 0]);
    for d in [&reads[3], &reads[4], &reads[6]] {
        let kept: Vec<(&str, NotAskedWhy)> = d.snapshot.kept.iter().map(|k| (k.client_id.as_str(), k.why)).collect();
        assert_eq!(kept, [("172.17.0.1@9", NotAskedWhy::NotDue), ("10.0.0.12@1", NotAskedWhy::NotDue)]);
        // What they said stands: the holdings are the clients' own, as at the reads that asked.
        assert_eq!(d.verdict.source, reads[0].verdict.source);
        assert_eq!(d.verdict.consumers, reads[0].verdict.consumers);
        assert_eq!(d.verdict.starved, reads[0].verdict.starved);
    }
    // A read that asks nobody is not slower to say it: nothing is missing.
    assert!(reads[4].snapshot.missing.is_empty(), "{:?}", reads[4].snapshot.missing);
}

#[test]
fn a_client_whose_queues_lag_and_stand_still_is_not_asked_and_a_failing_one_backs_off() {
    use rebalance_playground::live::asking::{Asking, NotAskedWhy};
    use rebalance_playground::live::diagnose_again;
    use rebalance_playground::live::Missing;
    // 10.0.0.12@1 says it holds queues 0 and 3, whose offsets (400 of 1000) never move: it is not
    // consuming. 172.17.0.1@9's calls fail (the broker's own SYSTEM_ERROR for a late client).
    let port = serve(|port, req| {
        if req.header.code == code::GET_CONSUMER_RUNNING_INFO {
            let id = req.header.ext_fields.get("clientId").cloned().unwrap_or_default();
            if id == "172.17.0.1@9" {
                let remark = Some("consumer request failed".to_string());
                return Some(encode_frame(&Header { remark, ..answer(req.header.opaque, 1, Serialize::Json) }, b""));
            }
            let mq = |q: i32| format!(r#"{{"brokerName":"broker-a","queueId":{q},"topic":"orders"}}"#);
            let body = format!(
                r#"{{"mqTable":{{{}:{{"commitOffset":400}},{}:{{"commitOffset":400}}}},"properties":{{"clientIP":"10.0.0.12","instanceName":"1","messageModel":"CLUSTERING"}},"subscriptionSet":[{{"topic":"orders","subString":"*"}}]}}"#,
                mq(0),
                mq(3)
            );
            return Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
        }
        java_cluster(port, req)
    });
    let t = target(port);
    let mut asking = Asking::every(1);
    let reads: Vec<_> = (0..6).map(|_| diagnose_again(&t, &mut asking, &Options::default(), &[])).collect();
    let asked: Vec<Vec<String>> = reads.iter().map(asked_307).collect();
    let stalled = "10.0.0.12@1".to_string();
    let failing = "172.17.0.1@9".to_string();
    // Read 1 asks both; from read 2 the stalled client is not asked (its queues stood still with lag since
    // the read before); the failing one is asked at reads 1, 3 (after a pause of 2) and not again before 7.
    assert_eq!(asked[0], [failing.clone(), stalled.clone()]);
    assert_eq!(asked[1], Vec::<String>::new());
    assert_eq!(asked[2], std::slice::from_ref(&failing));
    for a in &asked[3..] {
        assert_eq!(a, &Vec::<String>::new());
    }
    for d in &reads[1..] {
        let kept: Vec<(&str, NotAskedWhy)> = d.snapshot.kept.iter().map(|k| (k.client_id.as_str(), k.why)).collect();
        assert_eq!(kept, [(stalled.as_str(), NotAskedWhy::Stalled)]);
    }
    // The failing client's holdings are unknown, and said: a failure at the reads that asked, not asked
    // (with how many failed) at the others.
    let said: Vec<String> = reads[1].snapshot.missing.iter().map(|m| m.text(Lang::En)).collect();
    assert!(matches!(reads[1].snapshot.missing.as_slice(), [Missing::NotAsked { failures: 1, .. }]), "{said:?}");
    assert!(said[0].contains("not asked") && said[0].contains(&failing), "{said:?}");
    assert!(matches!(reads[2].snapshot.missing.as_slice(), [Missing::Holdings { .. }]));
    assert!(matches!(reads[5].snapshot.missing.as_slice(), [Missing::NotAsked { failures: 2, .. }]));
}

/// The Java cluster whose every broker says CONSUMER_NOT_ONLINE for the group's connections.
fn nobody_online(port: u16, req: &rebalance_playground::live::remoting::Frame) -> Option<Vec<u8>> {
    if req.header.code == code::GET_CONSUMER_CONNECTION_LIST {
        let remark = Some(format!("the consumer group[{GROUP}] not online"));
        return Some(encode_frame(&Header { remark, ..answer(req.header.opaque, 206, Serialize::Json) }, b""));
    }
    java_cluster(port, req)
}

#[test]
fn a_group_with_no_consumer_online_is_offline_not_a_failed_read() {
    let port = serve(nobody_online);
    let line = |text: &str, name: &str| -> Option<String> {
        text.lines()
            .find(|l| l.starts_with(&format!("rocketmq_rebalance_{name}{{group=\"{GROUP}\"}}")))
            .map(str::to_string)
    };
    for topic in [None, Some("orders")] {
        let t = Target { topic: topic.map(str::to_string), ..target(port) };
        let d = diagnose(&t, &Options::default(), &[]);
        assert_eq!(d.online(), Some(false), "{:?}", d.snapshot.missing);
        let text = rebalance_playground::live::exporter::metrics_text(&[d]);
        assert_eq!(
            line(&text, "group_online").as_deref(),
            Some(&*format!("rocketmq_rebalance_group_online{{group=\"{GROUP}\"}} 0.0")),
            "{text}"
        );
        assert_eq!(
            line(&text, "read_ok").as_deref(),
            Some(&*format!("rocketmq_rebalance_read_ok{{group=\"{GROUP}\"}} 1.0")),
            "{topic:?}: {text}"
        );
    }
    // A group read with its consumers online is online; a read that reached nobody says neither.
    let d = diagnose(&target(serve(java_cluster)), &Options::default(), &[]);
    assert_eq!(d.online(), Some(true));
    let dead = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let d = diagnose(&target(dead), &Options::default(), &[]);
    assert_eq!(d.online(), None);
    let text = rebalance_playground::live::exporter::metrics_text(&[d]);
    assert_eq!(line(&text, "group_online"), None, "{text}");
}

#[test]
fn a_group_nobody_consumes_is_diagnosed_as_such_by_the_group_asked() {
    let port = serve(nobody_online);
    let ns = format!("127.0.0.1:{port}");
    let (code, out, err) = rebalance(&["diagnose", "--namesrv", &ns, "--group", GROUP, "--topic", "orders"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every queue is starved"), "{out}");
    for paste_words in ["No input names the consumer group", "instances are unknown", "no queue is called starved"] {
        assert!(!out.contains(paste_words), "{paste_words}:\n{out}");
    }
    let (_, json, _) = rebalance(&["diagnose", "--namesrv", &ns, "--group", GROUP, "--topic", "orders", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["scenario"]["group"], GROUP, "{v:#}");
    assert_eq!(v["starved"].as_array().map(Vec::len), Some(8), "{v:#}");
    let (code, _, _) =
        rebalance(&["diagnose", "--namesrv", &ns, "--group", GROUP, "--topic", "orders", "--fail-on", "starved"]);
    assert_eq!(code, 3);
}

/// The Java cluster, whose name server also lists its topics (206): the group's retry topic, a system
/// group's, the topic and a system topic.
fn java_cluster_listing(port: u16, req: &rebalance_playground::live::remoting::Frame) -> Option<Vec<u8>> {
    if req.header.code == code::GET_ALL_TOPIC_LIST_FROM_NAMESERVER {
        let body = format!(r#"{{"topicList":["%RETRY%{GROUP}","%RETRY%TOOLS_CONSUMER","TBW102","orders"]}}"#);
        return Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
    }
    java_cluster(port, req)
}

#[test]
fn scan_finds_the_groups_as_mqadmin_does_and_its_rows_are_diagnose_and_validate() {
    let port = serve(java_cluster_listing);
    let ns = format!("127.0.0.1:{port}");
    let (code, out, err) = rebalance(&["scan", "--namesrv", &ns, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("scan --json");
    // GID_orders from its retry topic, and from QUERY_TOPIC_CONSUME_BY_WHO for orders (with GID_audit);
    // TOOLS_CONSUMER left out.
    assert_eq!(v["groups"], 2, "{v:#}");
    assert_eq!(v["systemGroupsLeftOut"], 1, "{v:#}");
    let rows = v["rows"].as_array().cloned().unwrap_or_default();
    let orders = rows.iter().find(|r| r["group"] == GROUP).expect("a row for the group");
    let (_, diagnosed, _) = rebalance(&["diagnose", "--namesrv", &ns, "--group", GROUP, "--topic", "orders", "--json"]);
    let d: serde_json::Value = serde_json::from_str(&diagnosed).expect("diagnose --json");
    assert_eq!(orders["starved"], d["starved"]);
    assert_eq!(orders["overlapped"], d["overlapped"]);
    assert_eq!(orders["sharedClientIds"], 1, "{orders:#}");
    // This fake cluster answers GID_audit as it answers GID_orders: equal harm, then by name.
    let order: Vec<&str> = rows.iter().filter_map(|r| r["group"].as_str()).collect();
    assert_eq!(order, ["GID_audit", GROUP], "{v:#}");
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/schemas/scan.json")).unwrap(),
    )
    .unwrap();
    let (_, generated, _) = rebalance(&["generate", "schema-scan"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&generated).ok(),
        Some(schema.clone()),
        "docs/src/schemas/scan.json: rebalance generate schema-scan > it"
    );
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&v).map(|e| format!("{e} at {}", e.instance_path)).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // --fail-on: exit 3; the text table names the group first.
    let (code, text, _) = rebalance(&["scan", "--namesrv", &ns, "--fail-on", "shared"]);
    assert_eq!(code, 3, "{text}");
    assert!(text.lines().nth(2).is_some_and(|l| l.starts_with("GID_audit")), "{text}");
    // A dead name server: nothing found, said, exit 1.
    let dead = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (code, text, _) = rebalance(&["scan", "--namesrv", &format!("127.0.0.1:{dead}")]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("no name server gave an answer"), "{text}");
}

#[test]
fn shards_split_the_groups_stably_each_to_exactly_one_exporter() {
    use rebalance_playground::live::exporter::Shard;
    assert_eq!(Shard::parse("1/2"), Some(Shard { index: 1, count: 2 }));
    for bad in ["2/2", "0/0", "1", "a/b", "-1/2", ""] {
        assert_eq!(Shard::parse(bad), None, "{bad}");
    }
    // The MD5 of the name, its first 8 bytes big-endian, modulo N (as Python's hashlib gives them).
    assert_eq!((Shard::of("GID_orders", 2), Shard::of("GID_orders", 3)), (0, 0));
    assert_eq!((Shard::of("G_prom", 2), Shard::of("G_prom", 3)), (1, 2));
    for n in 1..=5u32 {
        for k in 0..200 {
            let g = format!("GID_{k}");
            let readers = (0..n).filter(|&i| Shard { index: i, count: n }.reads(&g)).count();
            assert_eq!(readers, 1, "{g} over {n} exporters");
        }
    }
}

#[test]
fn an_exporter_of_all_groups_reads_its_shards_and_says_what_it_found() {
    use rebalance_playground::live::exporter::{read_loop, AllGroups, Config, Shard};
    let port = serve(java_cluster_listing);
    let text_of = |shard: Shard| {
        let config = Config {
            targets: vec![],
            cluster: Target { group: String::new(), ..target(port) },
            all_groups: Some(AllGroups { system: false, every: Duration::from_secs(300) }),
            shard,
            ask_every: 1,
            options: Options::default(),
            own: vec![],
            every: Duration::from_millis(50),
            lang: Lang::En,
        };
        let latest = std::sync::Mutex::new(String::new());
        read_loop(&config, &latest, &|| !latest.lock().unwrap().is_empty());
        latest.into_inner().unwrap()
    };
    let groups = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix("rocketmq_rebalance_read_ok{group=\""))
            .filter_map(|l| l.split('"').next().map(str::to_string))
            .collect::<std::collections::BTreeSet<String>>()
            .into_iter()
            .collect()
    };
    // Both groups of this cluster fall to shard 0 of 2 (GID_orders and GID_audit: 0, by their MD5).
    let first = text_of(Shard { index: 0, count: 2 });
    let second = text_of(Shard { index: 1, count: 2 });
    assert_eq!(groups(&first), ["GID_audit", GROUP], "{first}");
    assert_eq!(groups(&second), Vec::<String>::new(), "{second}");
    for (text, shard, assigned) in [(&first, "0/2", 2), (&second, "1/2", 0)] {
        let line = |name: &str, v: usize| format!("rocketmq_rebalance_{name}{{shard=\"{shard}\"}} {v}.0");
        assert!(text.lines().any(|l| l == line("groups_discovered", 2)), "{text}");
        assert!(text.lines().any(|l| l == line("groups_assigned", assigned)), "{text}");
        assert!(text.lines().any(|l| l == line("discovery_ok", 1)), "{text}");
    }
    let all = text_of(Shard::ALL);
    assert_eq!(groups(&all), ["GID_audit", GROUP], "{all}");
}

/// A broker whose group churns: `a@1` stays, `b@2` is there at every other read (the read's number is
/// counted at its first request, the retry topic's route). The clients' own reports lag one rebalance
/// behind, as a real client's do between a change and its next recompute: while `b@2` is there `a@1` still
/// holds all four queues (2 and 3 held twice), while it is gone `a@1` holds only 0 and 1 (2 and 3 held by
/// nobody).
fn churning_cluster(
    reads: &std::sync::atomic::AtomicUsize,
    port: u16,
    req: &rebalance_playground::live::remoting::Frame,
) -> Option<Vec<u8>> {
    use std::sync::atomic::Ordering;
    let f = |k: &str| req.header.ext_fields.get(k).cloned().unwrap_or_default();
    let ok = |body: String| Some(encode_frame(&answer(req.header.opaque, 0, Serialize::Json), body.as_bytes()));
    let mq = |q: i32| format!(r#"{{"brokerName":"broker-a","queueId":{q},"topic":"orders"}}"#);
    if req.header.code == code::GET_ROUTEINFO_BY_TOPIC && f("topic").starts_with("%RETRY%") {
        reads.fetch_add(1, Ordering::SeqCst);
    }
    let b_there = reads.load(Ordering::SeqCst) % 2 == 0;
    let ids: &[&str] = if b_there { &["a@1", "b@2"] } else { &["a@1"] };
    match req.header.code {
        code::GET_ROUTEINFO_BY_TOPIC => ok(format!(
            r#"{{"brokerDatas":[{{"brokerAddrs":{{"0":"127.0.0.1:{port}"}},"brokerName":"broker-a","cluster":"c"}}],"queueDatas":[{{"brokerName":"broker-a","perm":6,"readQueueNums":4,"writeQueueNums":4}}]}}"#
        )),
        code::GET_CONSUMER_LIST_BY_GROUP => ok(format!(r#"{{"consumerIdList":{}}}"#, serde_json::json!(ids))),
        code::GET_CONSUMER_CONNECTION_LIST => {
            let conns: Vec<String> = ids
                .iter()
                .enumerate()
                .map(|(k, id)| {
                    format!(
                        r#"{{"clientAddr":"10.0.0.{k}:5000{k}","clientId":"{id}","language":"JAVA","version":479}}"#
                    )
                })
                .collect();
            ok(format!(
                r#"{{"connectionSet":[{}],"consumeType":"CONSUME_PASSIVELY","messageModel":"CLUSTERING","subscriptionTable":{{"orders":{{"expressionType":"TAG","subString":"*","subVersion":0,"tagsSet":[],"codeSet":[],"topic":"orders"}}}}}}"#,
                conns.join(",")
            ))
        }
        code::GET_CONSUME_STATS => {
            let rows: Vec<String> = (0..4)
                .map(|q| {
                    format!(r#"{}:{{"brokerOffset":1000,"consumerOffset":1000,"lastTimestamp":1764700000000}}"#, mq(q))
                })
                .collect();
            ok(format!(r#"{{"consumeTps":1.0,"offsetTable":{{{}}}}}"#, rows.join(",")))
        }
        code::GET_CONSUMER_RUNNING_INFO => {
            let (ip, instance, held): (&str, &str, &[i32]) = match (f("clientId").as_str(), b_there) {
                ("a@1", true) => ("a", "1", &[0, 1, 2, 3]),
                ("a@1", false) => ("a", "1", &[0, 1]),
                _ => ("b", "2", &[2, 3]),
            };
            let table: Vec<String> = held
                .iter()
                .map(|&q| {
                    format!(r#"{}:{{"cachedMsgCount":0,"commitOffset":1000,"droped":false,"locked":false}}"#, mq(q))
                })
                .collect();
            ok(format!(
                r#"{{"jstack":"","mqTable":{{{}}},"properties":{{"allocateMessageQueueStrategy":"org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@1","clientIP":"{ip}","consumerGroup":"{GROUP}","instanceName":"{instance}","messageModel":"CLUSTERING","unitName":""}},"statusTable":{{}},"subscriptionSet":[{{"topic":"orders","subString":"*"}}]}}"#,
                table.join(",")
            ))
        }
        _ => java_cluster(port, req),
    }
}

/// `watch --record` over a churning group, then `history`: the churning instance and the queues that
/// flapped are named, each line validates against the guide's schema, the file rotates at `--record-max`
/// and a line cut short is said with its number while the rest is read.
#[test]
fn a_recorded_watch_over_a_churning_group_and_its_history() {
    let reads = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = reads.clone();
    let port = serve(move |port, req| churning_cluster(&counted, port, req));
    let ns = format!("127.0.0.1:{port}");
    let dir = std::env::temp_dir().join(format!("rebalance-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("watch.jsonl").display().to_string();
    let watch = ["watch", "--namesrv", &ns, "--group", GROUP, "--every", "100ms", "--for", "1500ms"];
    let (code, out, err) = rebalance(&[&watch[..], &["--record", &rec]].concat());
    assert_eq!(code, 0, "{out}\n{err}");
    let text = std::fs::read_to_string(&rec).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/schemas/record.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for v in &lines {
        assert!(validator.is_valid(v), "{v}");
    }
    let read_lines = lines.iter().filter(|v| v["record"] == "read").count();
    assert!(read_lines >= 8, "{read_lines} reads: {text}");
    // Each change the watch printed is a change line of the record, in the same order.
    let recorded: Vec<&str> =
        lines.iter().filter(|v| v["record"] == "change").filter_map(|v| v["text"].as_str()).collect();
    let printed: Vec<&str> = out.lines().map(|l| l.split_once(' ').unwrap().1).collect();
    assert_eq!(recorded, printed);
    assert!(lines.iter().any(|v| v["record"] == "read"
        && v["instances"]
            .as_array()
            .is_some_and(|i| i.iter().any(|i| i["clientId"] == "b@2" && i["addrs"][0] == "10.0.0.1:50001"))));

    let (code, out, err) = rebalance(&["history", &rec]);
    assert_eq!(code, 0, "{out}\n{err}");
    let churn = out.split("Instances that joined and left most:\n").nth(1).unwrap_or_default();
    let flips = read_lines / 2 - 1;
    assert!(churn.lines().next().is_some_and(|l| l.starts_with("  b@2: joined ")), "{out}");
    assert!(!churn.split("\n\n").next().unwrap_or_default().contains("a@1"), "a@1 never churned: {out}");
    let moved = out.split("Queues that moved most:\n").nth(1).unwrap_or_default();
    let mut top: Vec<&str> = moved.lines().take(2).filter_map(|l| l.trim().rsplit_once(": ")).map(|x| x.0).collect();
    top.sort();
    assert_eq!(top, ["broker-a:2", "broker-a:3"], "{out}");
    assert!(!moved.split("\n\n").next().unwrap_or_default().contains("broker-a:0"), "{out}");
    for q in ["broker-a:2", "broker-a:3"] {
        let no = out.lines().filter(|l| l.trim_start().starts_with(&format!("{q} no consumer: "))).count();
        let two = out.lines().filter(|l| l.trim_start().starts_with(&format!("{q} two or more consumers: "))).count();
        assert!(
            no >= flips && two >= flips,
            "{q}: {no} spells with no consumer, {two} with two, {flips} expected: {out}"
        );
    }
    assert!(!out.contains("broker-a:0 no consumer") && !out.contains("broker-a:1 two"), "{out}");
    assert!(out.contains("Rules:\n  - a read whose queues' consumers differ"), "{out}");
    assert_eq!(rebalance(&["history", &rec, "--fail-on", "stalled"]).0, 0, "no lag, no STALL");
    let (code, _, err) = rebalance(&["history", &rec, "--fail-on", "stalled,starved"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("found starved (--fail-on): exit 3"), "{err}");
    let (_, json, _) = rebalance(&["history", "--json", &rec]);
    let h: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(h["reads"], read_lines);
    assert_eq!(h["churn"][0]["clientId"], "b@2");
    assert!(h["churn"][0]["joined"].as_u64() >= Some(flips as u64), "{json}");

    // A line cut short (a crash while writing): said with its number, the rest read, exit 2.
    let cut = dir.join("cut.jsonl").display().to_string();
    let n = text.lines().count();
    let last = text.lines().last().unwrap();
    std::fs::write(&cut, format!("{}{}", &text[..text.len() - last.len() - 1], &last[..last.len() / 2])).unwrap();
    let (code, json, err) = rebalance(&["history", "--json", &cut]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("cut.jsonl:{n}: not a line of a record (")), "{err}");
    let h: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(h["badLines"][0]["line"], n);
    assert!(h["reads"].as_u64() >= Some(read_lines as u64 - 1), "{json}");

    // Rotated at a tiny size: FILE and FILE.1 to FILE.3, no more; each part whole lines; read in any order.
    let small = dir.join("small.jsonl").display().to_string();
    let (code, _, err) = rebalance(&[&watch[..], &["--record", &small, "--record-max", "3KiB"]].concat());
    assert_eq!(code, 0, "{err}");
    let parts: Vec<String> = ["", ".1", ".2", ".3"].iter().map(|s| format!("{small}{s}")).collect();
    for p in &parts {
        let t = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert!(t.len() <= 3 * 1024 || t.lines().count() <= 4, "{p}: {} bytes", t.len());
        assert!(t.lines().next().is_some_and(|l| l.contains(r#""record":"read""#)), "{p} begins with a read");
    }
    assert!(!std::path::Path::new(&format!("{small}.4")).exists());
    let args: Vec<&str> = ["history", "--json"].into_iter().chain(parts.iter().map(String::as_str)).collect();
    let (code, json, err) = rebalance(&args);
    assert_eq!(code, 0, "{err}");
    let h: serde_json::Value = serde_json::from_str(&json).unwrap();
    let reads_in_parts: usize = parts
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap().lines().filter(|l| l.contains(r#""record":"read""#)).count())
        .sum();
    assert_eq!(h["reads"], reads_in_parts);
    let (_, in_order, _) = rebalance(&["history", "--json", &parts[3], &parts[2], &parts[1], &parts[0]]);
    assert_eq!(json, in_order, "the parts' order on the command line does not matter");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_topic_whose_consumers_cannot_be_asked_is_said_by_scan() {
    // The broker refuses QUERY_TOPIC_CONSUME_BY_WHO: the group is still found by its retry topic, and what
    // could not be read is said as what it is.
    let port = serve(|port, req| {
        if req.header.code == code::QUERY_TOPIC_CONSUME_BY_WHO {
            let remark = Some("no permission".to_string());
            return Some(encode_frame(&Header { remark, ..answer(req.header.opaque, 16, Serialize::Json) }, b""));
        }
        java_cluster_listing(port, req)
    });
    let (code, out, _) = rebalance(&["scan", "--namesrv", &format!("127.0.0.1:{port}"), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("scan --json");
    assert_eq!(code, 1, "{v:#}");
    assert_eq!(
        v["missing"],
        serde_json::json!(["who consumes orders: QUERY_TOPIC_CONSUME_BY_WHO (300) orders to 127.0.0.1:".to_string()
            + &port.to_string()
            + ": refused: NO_PERMISSION (no permission)"]),
        "{v:#}"
    );
    assert!(v["rows"].as_array().is_some_and(|r| r.iter().any(|r| r["group"] == GROUP)), "{v:#}");
}

#[test]
fn a_scan_row_that_could_not_be_read_counts_nothing_as_none() {
    // Every broker fails the group's connection list: nothing is known of its instances, so its shared
    // clientIds, disagreeing instances and stalled queues are unknown, not 0.
    let port = serve(|port, req| {
        if req.header.code == code::GET_CONSUMER_CONNECTION_LIST {
            let remark = Some("broker busy".to_string());
            return Some(encode_frame(&Header { remark, ..answer(req.header.opaque, 1, Serialize::Json) }, b""));
        }
        java_cluster_listing(port, req)
    });
    let ns = format!("127.0.0.1:{port}");
    let (code, out, _) = rebalance(&["scan", "--namesrv", &ns, "--json"]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("scan --json");
    let row = v["rows"].as_array().and_then(|r| r.iter().find(|r| r["group"] == GROUP)).cloned().expect("a row");
    for unknown in ["instances", "starved", "overlapped", "sharedClientIds", "disagreeing", "stalled"] {
        assert!(row[unknown].is_null(), "{unknown}: {row:#}");
    }
    assert_eq!(row["readWhole"], false, "{row:#}");
    let (_, text, _) = rebalance(&["scan", "--namesrv", &ns]);
    let line = text.lines().find(|l| l.starts_with(GROUP)).unwrap_or_default();
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(&cells[2..8], ["?", "?", "?", "?", "?", "?"], "{text}");
}

#[test]
fn an_exporter_of_all_groups_that_cannot_find_them_says_so_and_publishes_no_healthy_group() {
    let dead = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (ns, listen) = (format!("127.0.0.1:{dead}"), format!("127.0.0.1:{port}"));
    let args = ["exporter", "--namesrv", &ns, "--all-groups", "--listen", &listen, "--every", "1s"];
    let (mut child, answered) = exporter_answering(&args, port);
    let _ = child.kill();
    let out = child.wait_with_output().expect("the exporter's output");
    let log = String::from_utf8_lossy(&out.stderr);
    let metrics = answered.expect("the exporter's /metrics within 15 s");
    assert!(metrics.lines().any(|l| l == r#"rocketmq_rebalance_discovery_ok{shard="0/1"} 0.0"#), "{metrics}");
    assert!(!metrics.contains("rocketmq_rebalance_read_ok{"), "no group to call read: {metrics}");
    assert!(log.contains("cannot find the groups of the cluster: no name server"), "{log}");
    // The shipped rules alert on it.
    let rules =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/monitoring/rocketmq-rebalance.rules.yml"));
    assert!(rules.unwrap_or_default().contains("expr: rocketmq_rebalance_discovery_ok == 0"));
}
