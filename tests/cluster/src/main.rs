//! The clients of the live tests' cluster, on rocketmq-client-rust 1.0.0: consumers whose clientIds,
//! strategies and subscriptions each test sets, and a producer so that lag exists. The name server and
//! the broker are rocketmq-rust 1.0.0's own programs, built from the same lock and target directory
//! (scripts/setup.sh), so the common crates build once.
//!
//! ```text
//! rmq-cluster consumer --namesrv 127.0.0.1:9876 --group G --topic T --member 127.0.0.1@a:AVG [--member ...]
//! rmq-cluster producer --namesrv 127.0.0.1:9876 --topic T --rate 20
//! rmq-cluster topic --broker 127.0.0.1:10911 --topic T --queues 8
//! rmq-cluster --version
//! ```
//!
//! Each process prints one line per event (`started <clientId>`, `sent <n>`) and runs until it is killed.

#![recursion_limit = "512"]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rocketmq_client_rust::{
    AllocateMessageQueueAveragely, AllocateMessageQueueAveragelyByCircle, AllocateMessageQueueConsistentHash,
    AllocateMessageQueueStrategy, ClientConfig, ClientError, ClientResult, ClientRuntime, ClientRuntimeConfig,
    ConsumeConcurrentlyContext, ConsumeConcurrentlyStatus, DefaultMQProducer, DefaultMQPushConsumer, MQPushConsumer,
    MessageListenerConcurrently,
};
use rocketmq_model::common::consumer::consume_from_where::ConsumeFromWhere;
use rocketmq_model::common::message::message_ext::MessageExt;
use rocketmq_model::common::message::message_single::Message;
use rocketmq_runtime::{RuntimeConfig, RuntimeOwner};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("--version") => {
            println!("rmq-cluster {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        Some("consumer") => run("consumer", |rt| Box::pin(consumer(rt, Flags::parse(&args[1..])))),
        Some("producer") => run("producer", |rt| Box::pin(producer(rt, Flags::parse(&args[1..])))),
        Some("topic") => topic(&args[1..]),
        _ => {
            eprintln!("usage: rmq-cluster consumer|producer|--version [flags] (see the source's first lines)");
            std::process::exit(2);
        }
    };
    if let Err(e) = result {
        eprintln!("rmq-cluster: {e}");
        std::process::exit(1);
    }
}

#[derive(Default)]
struct Flags {
    namesrv: String,
    group: String,
    topic: String,
    members: Vec<String>,
    rate: u64,
}

impl Flags {
    fn parse(args: &[String]) -> Flags {
        let mut f = Flags { rate: 20, ..Flags::default() };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it.next().cloned().unwrap_or_else(|| die(&format!("{flag} needs a value")));
            match flag.as_str() {
                "--namesrv" => f.namesrv = value,
                "--group" => f.group = value,
                "--topic" => f.topic = value,
                "--member" => f.members.push(value),
                "--rate" => f.rate = value.parse().unwrap_or_else(|_| die("--rate takes messages per second")),
                _ => die(&format!("unknown flag {flag}")),
            }
        }
        if f.namesrv.is_empty() || f.topic.is_empty() {
            die("--namesrv and --topic are needed");
        }
        f
    }
}

/// Creates (or changes the queue counts of) a topic on one broker: UPDATE_AND_CREATE_TOPIC (17), one JSON
/// frame as mqadmin's updateTopic sends it. The broker registers the change with the name server.
fn topic(args: &[String]) -> ClientResult<()> {
    use std::io::{Read, Write};
    let (mut broker, mut topic, mut queues) = (String::new(), String::new(), String::from("8"));
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().cloned().unwrap_or_else(|| die(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--broker" => broker = value,
            "--topic" => topic = value,
            "--queues" => queues = value,
            _ => die(&format!("unknown flag {flag}")),
        }
    }
    let header = format!(
        r#"{{"code":17,"extFields":{{"defaultTopic":"TBW102","order":"false","perm":"6","readQueueNums":"{queues}","topic":"{topic}","topicFilterType":"SINGLE_TAG","topicSysFlag":"0","writeQueueNums":"{queues}"}},"flag":0,"language":"JAVA","opaque":1,"serializeTypeCurrentRPC":"JSON","version":479}}"#
    );
    let mut frame = ((4 + header.len()) as i32).to_be_bytes().to_vec();
    frame.extend_from_slice(&(header.len() as i32).to_be_bytes());
    frame.extend_from_slice(header.as_bytes());
    let io = |e: std::io::Error| ClientError::internal("topic", e);
    let mut s = std::net::TcpStream::connect(&broker).map_err(io)?;
    s.set_read_timeout(Some(Duration::from_secs(10))).map_err(io)?;
    s.write_all(&frame).map_err(io)?;
    let mut word = [0u8; 4];
    s.read_exact(&mut word).map_err(io)?;
    let n = i32::from_be_bytes(word).clamp(0, 1 << 20) as usize;
    let mut answer = vec![0u8; n];
    s.read_exact(&mut answer).map_err(io)?;
    let text = String::from_utf8_lossy(&answer[4.min(n)..]);
    if text.contains("\"code\":0,") || text.contains("\"code\":0}") {
        println!("topic {topic}: {queues} queues on {broker}");
        Ok(())
    } else {
        eprintln!("rmq-cluster topic: the broker refused: {text}");
        std::process::exit(1);
    }
}

fn die(message: &str) -> ! {
    eprintln!("rmq-cluster: {message}");
    std::process::exit(2);
}

type Job = std::pin::Pin<Box<dyn std::future::Future<Output = ClientResult<()>>>>;

/// One runtime per process, sized for a 2-core machine: the client's default overflows under a backlog
/// there (consumed messages go to retry).
fn run(scope: &str, job: impl FnOnce(Arc<ClientRuntime>) -> Job) -> ClientResult<()> {
    let owner = RuntimeOwner::plan(RuntimeConfig { worker_threads: 2, ..RuntimeConfig::for_parallelism(scope, 16) })
        .map_err(|e| ClientError::internal("plan the runtime", e))?
        .build()
        .map_err(|e| ClientError::internal("build the runtime", e))?;
    let telemetry =
        rocketmq_observability::install_global(&rocketmq_observability::TelemetryBootstrapConfig::default())
            .map_err(|e| ClientError::internal("telemetry", e))?;
    let client_runtime =
        ClientRuntime::try_new(owner.root_context().component("client"), ClientRuntimeConfig::default(), telemetry.handle())?;
    owner.block_on(job(client_runtime))
}

fn strategy(name: &str) -> Arc<dyn AllocateMessageQueueStrategy> {
    match name {
        "AVG" => Arc::new(AllocateMessageQueueAveragely),
        "AVG_BY_CIRCLE" => Arc::new(AllocateMessageQueueAveragelyByCircle),
        "CONSISTENT_HASH" => Arc::new(AllocateMessageQueueConsistentHash::new(10)),
        other => match other.strip_prefix("CONSISTENT_HASH/").and_then(|n| n.parse().ok()) {
            Some(vnodes) => Arc::new(AllocateMessageQueueConsistentHash::new(vnodes)),
            None => die(&format!("unknown strategy {other} (AVG, AVG_BY_CIRCLE, CONSISTENT_HASH[/VNODES])")),
        },
    }
}

struct Count(Arc<AtomicU64>);

impl MessageListenerConcurrently for Count {
    fn consume_message(
        &self,
        msgs: &[&MessageExt],
        _context: &ConsumeConcurrentlyContext,
    ) -> ClientResult<ConsumeConcurrentlyStatus> {
        self.0.fetch_add(msgs.len() as u64, Ordering::Relaxed);
        Ok(ConsumeConcurrentlyStatus::ConsumeSuccess)
    }
}

/// `--member IP@INSTANCE[:STRATEGY]` (STRATEGY: AVG, AVG_BY_CIRCLE, CONSISTENT_HASH[/virtual nodes]), one consumer each, all in this process (distinct clientIds: the
/// runtime pools client instances by clientId, so one id twice needs two processes).
async fn consumer(rt: Arc<ClientRuntime>, f: Flags) -> ClientResult<()> {
    if f.group.is_empty() || f.members.is_empty() {
        die("consumer needs --group and at least one --member IP@INSTANCE[:STRATEGY]");
    }
    let consumed = Arc::new(AtomicU64::new(0));
    let mut consumers = vec![];
    for member in &f.members {
        let (id, strat) = member.split_once(':').unwrap_or((member.as_str(), "AVG"));
        let (ip, instance) = id.split_once('@').unwrap_or_else(|| die("a member is IP@INSTANCE"));
        let mut config = ClientConfig::default();
        config.set_client_ip(ip.into());
        config.set_instance_name(instance.into());
        config.set_namesrv_addr(f.namesrv.clone().into());
        let mut c = DefaultMQPushConsumer::builder(rt.clone())
            .client_config(config)
            .name_server_addr(f.namesrv.clone())
            .consumer_group(f.group.clone())
            .consume_from_where(ConsumeFromWhere::ConsumeFromFirstOffset)
            .allocate_message_queue_strategy(strategy(strat))
            .consume_message_batch_max_size(16)
            .build();
        c.subscribe(f.topic.as_str(), "*").await?;
        c.register_message_listener_concurrently(Count(consumed.clone()));
        c.start().await?;
        println!("started {id} {strat}");
        consumers.push(c);
    }
    let mut last = 0;
    loop {
        tokio::time::sleep(Duration::from_secs(5)).await;
        let n = consumed.load(Ordering::Relaxed);
        if n != last {
            println!("consumed {n}");
            last = n;
        }
    }
}

/// Sends `--rate` messages a second, spread over the topic's queues by the producer's own round robin.
async fn producer(rt: Arc<ClientRuntime>, f: Flags) -> ClientResult<()> {
    let mut p = DefaultMQProducer::builder(rt)
        .producer_group("rebalance-test-producer".to_string())
        .name_server_addr(f.namesrv.clone())
        .build();
    p.start().await?;
    println!("started producer");
    let pause = Duration::from_millis(1000 / f.rate.max(1));
    let (mut sent, mut failed) = (0u64, 0u64);
    loop {
        let m = Message::builder().topic(f.topic.as_str()).tags("t").body_slice(b"lag").build_unchecked();
        match p.send_with_timeout(m, 3000).await {
            Ok(_) => sent += 1,
            Err(e) => {
                failed += 1;
                if failed % 50 == 1 {
                    eprintln!("send failed ({failed} so far): {e}");
                }
            }
        }
        if sent % 100 == 0 && sent > 0 {
            println!("sent {sent}");
        }
        tokio::time::sleep(pause).await;
    }
}
