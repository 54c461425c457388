//! Every word the playground shows, in English and Simplified Chinese side by side: fixed strings as [`Key`]s,
//! sentences with numbers as functions. The core's findings and input problems bring their own translations.

use super::model;
use super::model::QueueState;
use super::state::FieldError;
use super::url::StateError;
use crate::group::explain::{Explanation, Method, Source};
use crate::group::scenario_file::{Expected, FileProblem, Found, JsonProblem};
pub use crate::group::Lang;
use crate::group::{Preset, Simulation};
use crate::rocketmq::broker::RequestMode;

/// A fixed string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Title,
    Tagline,
    Share,
    Embed,
    OpenFull,
    Presets,
    Scenario,
    Topic,
    Group,
    Brokers,
    BrokerName,
    ReadQueues,
    AddBroker,
    Remove,
    MessageModel,
    ClientIds,
    ClientIdsHint,
    Strategy,
    VirtualNodes,
    Idcs,
    IdcsHint,
    Inner,
    Separator,
    Rebalance,
    ByClient,
    ByBrokerPull,
    ByBrokerPop,
    PopShare,
    ConfigLists,
    ConfigHint,
    Builder,
    ViewsTitle,
    Queues,
    SkipToPicture,
    QueuesShort,
    Legend,
    LegendSingle,
    LegendStarved,
    LegendOverlap,
    LegendShared,
    Assignment,
    GridHint,
    NoQueues,
    Instances,
    DistinctIds,
    Starved,
    Overlapped,
    PerInstance,
    Diagnosis,
    Fix,
    None,
    DetailIdle,
    LinkProblems,
    Dismiss,
    Language,
    /// The theme switch: its name and its three choices.
    Theme,
    ThemeAuto,
    ThemeLight,
    ThemeDark,
    Reset,
    // issue 5: parts loaded on demand (web::app::lazy)
    PartLoading,
    PartMixed,
    MixedLoading,
    Retry,
    PartTour,
    PartLessons,
    PartExplain,
    PartEditor,
    PartShare,
    LinkUnread,
    LinkUnwritten,
    /// issue 18: a new build since the last visit (state::Notice::Updated).
    Updated,
    /// issue 17: the import panel's opener, and the client list holding a tool's output.
    ImportTitle,
    PartImport,
    ClientsToolOutput,
    ReadAsImport,
}

impl Key {
    pub fn t(self, lang: Lang) -> &'static str {
        use Key::*;
        let (en, zh) = match self {
            Title => ("Rebalance playground", "消费者负载均衡演示"),
            Tagline => (
                "Who consumes which RocketMQ queue, computed exactly as the clients do",
                "RocketMQ 消费组里谁消费哪个队列，按客户端的真实算法计算",
            ),
            Share => ("Share link", "分享链接"),
            Embed => ("Embed", "嵌入"),
            OpenFull => ("Open in the full playground", "在完整演示中打开"),
            Presets => ("Try a scenario", "试试这些场景"),
            Scenario => ("Scenario", "场景设置"),
            Topic => ("Topic", "Topic"),
            Group => ("Consumer group", "消费组"),
            Brokers => ("Brokers and their read queues", "Broker 及其读队列数"),
            BrokerName => ("Broker name", "Broker 名称"),
            ReadQueues => ("Read queues", "读队列数"),
            AddBroker => ("Add broker", "添加 Broker"),
            Remove => ("Remove", "删除"),
            MessageModel => ("Message model", "消息模式"),
            ClientIds => ("Consumer instances: one clientId per line", "消费实例：每行一个 clientId"),
            ClientIdsHint => (
                "A repeated line is another process reporting the same clientId.",
                "重复的行表示另一个进程上报了相同的 clientId。",
            ),
            Strategy => ("Allocation strategy", "分配策略"),
            VirtualNodes => ("Virtual nodes per instance", "每个实例的虚拟节点数"),
            Idcs => ("Consumer IDCs (machine rooms this group serves)", "消费者机房（本组服务的机房）"),
            IdcsHint => (
                "Comma separated, e.g. IDC1, IDC2; brokers are named IDC1@broker-a.",
                "用逗号分隔，例如 IDC1, IDC2；Broker 命名如 IDC1@broker-a。",
            ),
            Inner => ("Inner strategy", "内部策略"),
            Separator => ("Room separator", "机房分隔符"),
            Rebalance => ("Who runs the strategy", "由谁执行分配"),
            ByClient => ("Each client (classic)", "每个客户端（经典方式）"),
            ByBrokerPull => ("The broker, PULL (5.x)", "Broker 端，PULL（5.x）"),
            ByBrokerPop => ("The broker, POP (5.x)", "Broker 端，POP（5.x）"),
            PopShare => ("popShareQueueNum", "popShareQueueNum"),
            ConfigLists => ("Configured queues of each instance", "每个实例配置的队列"),
            ConfigHint => (
                "broker-a:0, broker-a:1 — empty means setMessageQueueList was never called.",
                "如 broker-a:0, broker-a:1；留空表示从未调用 setMessageQueueList。",
            ),
            Builder => ("ClientId builder", "clientId 生成器"),
            ViewsTitle => ("Per instance: client, strategy, view", "按实例设置：客户端、策略、视图"),
            QueuesShort => ("Queues", "队列"),
            Queues => ("Queues and who consumes them", "队列及其消费者"),
            SkipToPicture => ("Skip to the queues", "跳到队列"),
            Legend => ("Legend", "图例"),
            LegendSingle => ("one consumer (colour = instance)", "恰好一个消费者（颜色代表实例）"),
            LegendStarved => ("no consumer: messages pile up", "无人消费：消息堆积"),
            LegendOverlap => ("×N, orange: N consumers pull it, so messages are consumed more than once", "×N，橙色：N 个消费者各自拉取，消息被重复消费"),
            LegendShared => ("⇆N, grey: N consumers share it by design (broadcast, POP)", "⇆N，灰色：N 个消费者按设计共享（广播、POP）"),
            Assignment => ("Assignment: one row per instance", "分配结果：每行一个实例"),
            GridHint => (
                "Click a row, or focus it and press Enter, to see how its queues were computed.",
                "点击某一行（或聚焦后按回车）查看它的队列是如何算出来的。",
            ),
            NoQueues => ("no queues", "没有队列"),
            Instances => ("Instances", "实例"),
            DistinctIds => ("Distinct clientIds", "不同的 clientId"),
            Starved => ("No consumer", "无人消费"),
            Overlapped => ("Consumed more than once", "重复消费"),
            PerInstance => ("Queues per instance", "每实例队列数"),
            Diagnosis => ("Diagnosis", "诊断"),
            Fix => ("Fix:", "解决办法："),
            None => ("none", "无"),
            DetailIdle => (
                "Point at or focus a queue to see what happens to it.",
                "将鼠标指向或用键盘聚焦某个队列，查看它的情况。",
            ),
            LinkProblems => ("Some parts of the link could not be used:", "链接中有部分内容无法使用："),
            Dismiss => ("Dismiss", "关闭提示"),
            Language => ("Language", "语言"),
            Theme => ("Colour theme", "配色"),
            ThemeAuto => ("Auto", "自动"),
            ThemeLight => ("Light", "浅色"),
            ThemeDark => ("Dark", "深色"),
            Reset => ("Reset the playground", "重置演示"),
            PartLoading => ("Loading this part of the playground…", "正在加载这部分内容…"),
            PartMixed => ("the code of this group's clients", "该消费组客户端的代码"),
            MixedLoading => ("Loading the code of this group's clients…", "正在加载该消费组客户端的代码…"),
            Retry => ("Try again", "重试"),
            PartTour => ("this view", "这个视图"),
            PartLessons => ("the lessons", "课程"),
            PartExplain => ("the explanation", "计算过程说明"),
            PartEditor => ("this editor", "这个编辑器"),
            PartShare => ("the link", "链接"),
            ImportTitle => ("Bring your cluster's output", "导入集群的输出"),
            PartImport => ("the import panel", "导入面板"),
            ClientsToolOutput => (
                "This is mqadmin or dashboard output, not one clientId per line.",
                "这是 mqadmin 或控制台的输出，不是每行一个 clientId。",
            ),
            ReadAsImport => ("Read it as cluster output", "作为集群输出读取"),
            Updated => ("The playground was updated since your last visit.", "演示已在你上次访问后更新。"),
            LinkUnwritten => (
                "No link was made: the part that writes links did not load. Try again, or save the scenario file (Export).",
                "没有生成链接：负责生成链接的部分没有加载。请重试，或保存场景文件（导出）。",
            ),
            LinkUnread => (
                "The scenario in this link could not be read: part of the playground did not load. Showing the \
                 default scenario; reload the page to try the link again (the address still holds it).",
                "无法读取此链接中的场景：演示的一部分没有加载成功。现在显示默认场景；重新加载页面即可再次尝试此链接（地址栏仍保留该链接）。",
            ),
        };
        lang.pick(en, zh)
    }
}

pub fn preset_name(p: Preset, lang: Lang) -> &'static str {
    let (en, zh) = match p {
        Preset::DockerIncident => {
            ("Docker incident: 2 of 3 containers share a clientId", "Docker 事故：3 个容器中有 2 个共用一个 clientId")
        }
        Preset::MoreConsumers => ("More consumers than queues", "消费者多于队列"),
        Preset::UnevenBrokers => ("Uneven brokers", "队列数不均的 Broker"),
        Preset::MachineRooms => ("Machine rooms (nearby)", "多机房（就近）"),
        Preset::HashWithDuplicates => ("Consistent hash with duplicates", "一致性哈希 + 重复 clientId"),
        Preset::Broadcasting => ("Broadcasting", "广播模式"),
        Preset::StaleView => ("Stale view (new member not seen yet)", "视图过期（新成员尚未被看到）"),
        Preset::MixedSubscriptions => ("Mixed subscriptions", "订阅关系不一致"),
        Preset::JavaGoHash => ("Java + Go on CONSISTENT_HASH", "Java + Go 使用 CONSISTENT_HASH"),
        Preset::GoMachineRoom => ("Go MACHINE_ROOM across two rooms", "Go 的 MACHINE_ROOM 跨两个机房"),
        Preset::GoDocker => {
            ("Go services in host-network Docker (current client)", "Go 服务在 host 网络的 Docker 中（当前版本客户端）")
        }
    };
    if lang != Lang::Zh {
        en
    } else {
        zh
    }
}

/// `(#2 of 3)`.
pub fn copy_of(lang: Lang, ordinal: usize, copies: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("(#{ordinal} of {copies})"),
        Lang::Zh => format!("（第 {ordinal} 个，共 {copies} 个）"),
    }
}

fn n_of(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The one line a newcomer reads first.
pub fn headline(
    lang: Lang,
    instances: usize,
    queues: usize,
    starved: usize,
    overlapped: usize,
    shared: usize,
) -> String {
    match lang {
        Lang::En | Lang::Pseudo => {
            let mut s = format!(
                "{}, {}",
                n_of(instances, "consumer instance", "consumer instances"),
                n_of(queues, "queue", "queues")
            );
            let mut parts = vec![];
            if starved > 0 {
                parts.push(format!("{} no consumer", n_of(starved, "queue has", "queues have")));
            }
            if overlapped > 0 {
                parts.push(format!(
                    "{} consumed more than once",
                    if overlapped == 1 { "1 is".to_string() } else { format!("{overlapped} are") }
                ));
            }
            if shared > 0 {
                parts.push(format!(
                    "{} shared by design",
                    if shared == 1 { "1 is".to_string() } else { format!("{shared} are") }
                ));
            }
            if parts.is_empty() && instances > 0 && queues > 0 {
                parts.push("every queue has exactly one consumer".into());
            }
            if !parts.is_empty() {
                s.push_str(": ");
                s.push_str(&parts.join(", "));
            }
            s
        }
        Lang::Zh => {
            let mut s = format!("{instances} 个消费实例，{queues} 个队列");
            let mut parts = vec![];
            if starved > 0 {
                parts.push(format!("{starved} 个队列无人消费"));
            }
            if overlapped > 0 {
                parts.push(format!("{overlapped} 个队列被重复消费"));
            }
            if shared > 0 {
                parts.push(format!("{shared} 个队列按设计共享"));
            }
            if parts.is_empty() && instances > 0 && queues > 0 {
                parts.push("每个队列恰好一个消费者".into());
            }
            if !parts.is_empty() {
                s.push('：');
                s.push_str(&parts.join("，"));
            }
            s
        }
    }
}

/// `×2` badge text.
pub fn times(n: u32) -> String {
    format!("×{n}")
}

pub fn queue_detail(lang: Lang, key: &str, state: QueueState, owners: &[String], more: usize) -> String {
    let mut names = owners.join(", ");
    if more > 0 {
        names.push_str(&and_more(lang, more));
    }
    match (state, lang) {
        (QueueState::Starved, Lang::En | Lang::Pseudo) => {
            format!("{key}: no instance consumes it; its messages pile up.")
        }
        (QueueState::Starved, Lang::Zh) => format!("{key}：没有实例消费它，消息会一直堆积。"),
        (QueueState::Single, Lang::En | Lang::Pseudo) => format!("{key}: consumed by {names} only."),
        (QueueState::Single, Lang::Zh) => format!("{key}：只由 {names} 消费。"),
        (QueueState::Overlapped, Lang::En | Lang::Pseudo) => {
            format!(
                "{key}: consumed by {} instances ({names}); each message is consumed more than once.",
                owners.len() + more
            )
        }
        (QueueState::Overlapped, Lang::Zh) => {
            format!("{key}：被 {} 个实例（{names}）同时消费，每条消息会被重复消费。", owners.len() + more)
        }
        (QueueState::Shared, Lang::En | Lang::Pseudo) => {
            format!("{key}: shared by {} instances by design ({names}).", owners.len() + more)
        }
        (QueueState::Shared, Lang::Zh) => format!("{key}：按设计由 {} 个实例共享（{names}）。", owners.len() + more),
    }
}

pub fn queue_count(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => n_of(n, "queue", "queues"),
        Lang::Zh => format!("{n} 个队列"),
    }
}

pub fn more_instances(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!(
            "{} not drawn; the queue strip above still shows every queue.",
            n_of(n, "more instance", "more instances")
        ),
        Lang::Zh => format!("另有 {n} 个实例未画出；上方的队列条仍显示全部队列。"),
    }
}

/// One block of the compact strip: `first`..`last` (queue keys) each have exactly one consumer, `names` of them.
pub fn single_run(lang: Lang, first: &str, last_id: i32, n: usize, names: &[String], more: usize) -> String {
    let mut who = names.join(", ");
    if more > 0 {
        who.push_str(&match lang {
            Lang::En | Lang::Pseudo => format!(" and {more} more"),
            Lang::Zh => format!(" 等另外 {more} 个"),
        });
    }
    match lang {
        Lang::En | Lang::Pseudo => {
            format!("{first}–{last_id}: {}, each consumed by exactly one instance ({who}).", n_of(n, "queue", "queues"))
        }
        Lang::Zh => format!("{first}–{last_id}：{n} 个队列，每个只由一个实例消费（{who}）。"),
    }
}

pub fn strip_drawing(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("Drawing {} more…", n_of(n, "cell", "cells")),
        Lang::Zh => format!("还有 {n} 个格子正在绘制…"),
    }
}

pub fn strip_runs_note(lang: Lang) -> &'static str {
    match lang {
        Lang::En | Lang::Pseudo => "64: a block of 64 queues in a row with one consumer each, in its owner's colour, multicoloured if several; starved and overlapped queues keep their own cells",
        Lang::Zh => "64：一段连续 64 个队列，每个只有一个消费者，颜色为其消费者的颜色，多个消费者时为彩色渐变；无人消费或重复消费的队列单独画出",
    }
}

pub fn big_grid(lang: Lang, queues: usize, rows: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => {
            format!("{queues} queues × {rows} rows are too many for one cell each: every row lists its queues instead.")
        }
        Lang::Zh => format!("{queues} 个队列 × {rows} 行太多，无法逐格显示：每行改为列出它的队列。"),
    }
}

/// What is wrong with an input, in words.
pub fn problem(p: &crate::group::input::Problem, lang: Lang) -> String {
    p.text(lang)
}

pub fn field_error(e: &FieldError, lang: Lang) -> String {
    match (e, lang) {
        (FieldError::Input(p), _) => problem(p, lang),
        (FieldError::QueueRef(t), Lang::En | Lang::Pseudo) => {
            format!("\"{t}\" is not brokerName:queueId (for example broker-a:3).")
        }
        (FieldError::QueueRef(t), Lang::Zh) => format!("“{t}”不是 brokerName:queueId 的格式（例如 broker-a:3）。"),
        (FieldError::ToolOutput, _) => Key::ClientsToolOutput.t(lang).into(),
    }
}

/// A part of the page (issue 5: loaded on demand) could not be fetched.
pub fn part_failed(lang: Lang, what: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!(
            "Could not load {what}: the connection to the site may be gone. The rest of the playground still works."
        ),
        Lang::Zh => format!("无法加载{what}：与站点的连接可能已断开。演示的其他部分仍可使用。"),
    }
}

pub fn kept_previous(lang: Lang) -> &'static str {
    match lang {
        Lang::En | Lang::Pseudo => "The picture still shows the last valid value.",
        Lang::Zh => "图中仍显示上一个有效值的结果。",
    }
}

pub fn state_error(e: &StateError, lang: Lang) -> String {
    match (e, lang) {
        (StateError::Corrupt, Lang::En | Lang::Pseudo) => {
            "The shared state in this link is damaged or cut short; showing the default scenario instead.".into()
        }
        (StateError::Corrupt, Lang::Zh) => "链接中的共享状态已损坏或被截断；改为显示默认场景。".into(),
        (StateError::FutureVersion(v), Lang::En | Lang::Pseudo) => format!(
            "This link was made by a newer playground (state version {v}); showing the default scenario instead."
        ),
        (StateError::FutureVersion(v), Lang::Zh) => {
            format!("此链接由更新版本的演示生成（状态版本 {v}）；改为显示默认场景。")
        }
        (StateError::Invalid(why), Lang::En | Lang::Pseudo) => format!(
            "The shared state in this link is not a valid scenario ({why}); showing the default scenario instead."
        ),
        (StateError::Invalid(why), Lang::Zh) => format!("链接中的共享状态不是有效的场景（{why}）；改为显示默认场景。"),
        (StateError::TooLarge, Lang::En | Lang::Pseudo) => {
            "The shared scenario is larger than the playground handles; showing the default scenario instead.".into()
        }
        (StateError::TooLarge, Lang::Zh) => "共享的场景超出了演示工具的上限；改为显示默认场景。".into(),
        (StateError::TooLong(n), Lang::En | Lang::Pseudo) => format!(
            "This link's shared state is too long to read ({n} characters; {} at most); showing the default scenario instead.",
            crate::group::link::MAX_STATE_CHARS
        ),
        (StateError::TooLong(n), Lang::Zh) => format!(
            "链接中的共享状态过长（{n} 个字符，最多 {}），未读取；改为显示默认场景。",
            crate::group::link::MAX_STATE_CHARS
        ),
    }
}

pub fn panic_text(lang_is_zh: bool) -> &'static str {
    if lang_is_zh {
        "演示遇到内部错误并已停止。"
    } else {
        "The playground hit an internal error and stopped."
    }
}

/// The column headers of the consistent-hash tables.
pub fn hash_headers(lang: Lang, go: bool) -> [&'static str; 5] {
    match (lang, go) {
        (Lang::En | Lang::Pseudo, false) => ["queue", "hash(queue)", "first node at or after it", "node hash", "owner"],
        (Lang::En | Lang::Pseudo, true) => ["queue", "CRC32(queue)", "first node after it", "node hash", "owner"],
        (Lang::Zh, false) => ["队列", "队列哈希", "顺时针遇到的第一个节点（含相等）", "节点哈希", "所属实例"],
        (Lang::Zh, true) => ["队列", "队列 CRC32", "顺时针遇到的第一个更大节点", "节点哈希", "所属实例"],
    }
}

pub fn node_headers(lang: Lang) -> [&'static str; 2] {
    match lang {
        Lang::En | Lang::Pseudo => ["virtual node key", "hash"],
        Lang::Zh => ["虚拟节点 key", "哈希"],
    }
}

/// The steps of an [`Explanation`] as sentences with the real numbers.
pub fn explain_steps(e: &Explanation, sim: &Simulation, lang: Lang) -> Vec<String> {
    let en = lang != Lang::Zh;
    let qs =
        |list: &[usize]| if list.is_empty() { Key::None.t(lang).to_string() } else { model::ranges(sim, list, lang) };
    let mut out = source_steps(e, lang);
    let (m, n, k) = (e.m, e.n, e.slot);
    let sorted = match (en, e.client.byte_order()) {
        (true, false) => format!("Every instance sorts both lists: mqAll has M = {m} queues, cidAll has N = {n} entries."),
        (false, false) => format!("每个实例先把两个列表排序：mqAll 有 M = {m} 个队列，cidAll 有 N = {n} 项。"),
        (true, true) => format!(
            "This {} client sorts both lists by UTF-8 bytes (Java clients sort by UTF-16 code units): mqAll has M = {m} queues, cidAll has N = {n} entries.",
            e.client.label()
        ),
        (false, true) => format!(
            "该 {} 客户端按 UTF-8 字节给两个列表排序（Java 客户端按 UTF-16 码元）：mqAll 有 M = {m} 个队列，cidAll 有 N = {n} 项。",
            e.client.label()
        ),
    };
    let index = match (en, e.copies > 1) {
        (true, false) => format!("k = cidAll.indexOf(\"{}\") = {k}.", e.client_id),
        (true, true) => format!(
            "k = cidAll.indexOf(\"{}\") = {k}. indexOf finds the first of the {} copies, so every copy computes this same k.",
            e.client_id, e.copies
        ),
        (false, false) => format!("k = cidAll.indexOf(\"{}\") = {k}。", e.client_id),
        (false, true) => format!(
            "k = cidAll.indexOf(\"{}\") = {k}。indexOf 总是找到 {} 个副本中的第一个，所以每个副本都算出同一个 k。",
            e.client_id, e.copies
        ),
    };
    match &e.method {
        Method::Broadcasting => out.push(if en {
            format!("BROADCASTING: no strategy runs; this instance takes all {m} queues.")
        } else {
            format!("广播模式：不运行分配策略；该实例消费全部 {m} 个队列。")
        }),
        Method::Error(msg) => out.push(if en {
            format!("The strategy threw \"{msg}\"; a real client logs it and keeps its previous queues.")
        } else {
            format!("分配策略抛出异常“{msg}”；真实客户端只记录日志并保留原来的队列。")
        }),
        Method::NoAnswer => out.push(if en {
            "The broker assigns only AVG and AVG_BY_CIRCLE; it answered nothing, so the client keeps what it had."
                .into()
        } else {
            "Broker 端只支持 AVG 与 AVG_BY_CIRCLE；它没有返回结果，客户端保持原有队列。".into()
        }),
        Method::Proxy { brokers } => out.push(if en {
            format!(
                "A 5.x gRPC client allocates nothing itself: the proxy answers one assignment per broker with queueId -1, \"pop from the whole broker\", the same for every gRPC client: {}.",
                brokers.join(", ")
            )
        } else {
            format!("5.x gRPC 客户端自己不分配：Proxy 为每个 Broker 返回一个 queueId 为 -1 的分配（“从整个 Broker pop”），对所有 gRPC 客户端都一样：{}。", brokers.join("、"))
        }),
        Method::PopWhole { share, brokers } => out.push(if en {
            format!(
                "The broker answers in POP mode with popShareQueueNum = {share}, which is ≤ 0 or ≥ N − 1 = {}: no strategy runs, every consumer is told to pop the whole broker (queueId -1): {}, so it takes all {m} queues, like every other consumer.",
                n as i64 - 1,
                brokers.join(", ")
            )
        } else {
            format!(
                "Broker 以 POP 模式回答，popShareQueueNum = {share}，≤ 0 或 ≥ N − 1 = {}：不运行分配策略，每个消费者都被告知从整个 Broker pop（queueId 为 -1）：{}，所以它和其他消费者一样消费全部 {m} 个队列。",
                n as i64 - 1,
                brokers.join("、")
            )
        }),
        Method::PopOneEach { k, m, n, share } => out.push(if en {
            format!(
                "The broker answers in POP mode with popShareQueueNum = {share}, and there are more consumers than queues (N = {n} > M = {m}): no strategy runs, each consumer gets one queue, mqAll[k mod M] = mqAll[{k} mod {m}] = mqAll[{}].",
                k % m
            )
        } else {
            format!(
                "Broker 以 POP 模式回答，popShareQueueNum = {share}，且消费者多于队列（N = {n} > M = {m}）：不运行分配策略，每个消费者分到一个队列 mqAll[k mod M] = mqAll[{k} mod {m}] = mqAll[{}]。",
                k % m
            )
        }),
        Method::Avg(a) | Method::NearbyAsAvg(a) => {
            if matches!(e.method, Method::NearbyAsAvg(_)) {
                out.push(if en {
                    "In the Go client, MACHINE_ROOM_NEARBY is plain AVG over all queues (its body is a TODO): rooms, the inner strategy and the separator are ignored.".into()
                } else {
                    "在 Go 客户端里，MACHINE_ROOM_NEARBY 就是对全部队列的 AVG（函数体只有 TODO）：机房、内部策略和分隔符都被忽略。".into()
                });
            }
            out.push(sorted);
            out.push(index);
            out.push(if en {
                format!("M mod N = {} mod {} = {}: the first {} slots take one queue more.", a.m, a.n, a.rem, a.rem)
            } else {
                format!("M mod N = {} mod {} = {}：前 {} 个位置各多分一个队列。", a.m, a.n, a.rem, a.rem)
            });
            out.push(match (en, a.m <= a.n, a.rem > 0 && a.k < a.rem) {
                (true, true, _) => "M ≤ N, so the block size is 1.".to_string(),
                (false, true, _) => "M ≤ N，所以块大小为 1。".to_string(),
                (true, false, true) => {
                    format!("k = {} < {}, so size = M / N + 1 = {} / {} + 1 = {}.", a.k, a.rem, a.m, a.n, a.size)
                }
                (false, false, true) => {
                    format!("k = {} < {}，所以块大小 = M / N + 1 = {} / {} + 1 = {}。", a.k, a.rem, a.m, a.n, a.size)
                }
                (true, false, false) => {
                    format!("k = {} ≥ {}, so size = M / N = {} / {} = {}.", a.k, a.rem, a.m, a.n, a.size)
                }
                (false, false, false) => {
                    format!("k = {} ≥ {}，所以块大小 = M / N = {} / {} = {}。", a.k, a.rem, a.m, a.n, a.size)
                }
            });
            out.push(match (en, a.rem > 0 && a.k < a.rem) {
                (true, true) => format!("start = k × size = {} × {} = {}.", a.k, a.size, a.start),
                (false, true) => format!("起点 = k × size = {} × {} = {}。", a.k, a.size, a.start),
                (true, false) => {
                    format!("start = k × size + (M mod N) = {} × {} + {} = {}.", a.k, a.size, a.rem, a.start)
                }
                (false, false) => {
                    format!("起点 = k × size + (M mod N) = {} × {} + {} = {}。", a.k, a.size, a.rem, a.start)
                }
            });
            let range: Vec<usize> = (a.start..a.end).collect();
            out.push(match (en, a.start >= a.m) {
                (true, true) => format!("start {} ≥ M = {}: this slot takes nothing.", a.start, a.m),
                (false, true) => format!("起点 {} ≥ M = {}：该位置分不到队列。", a.start, a.m),
                (true, false) => format!(
                    "range = [{}, {}) = mqAll positions {}..{}: {}.",
                    a.start,
                    a.end,
                    a.start,
                    a.end,
                    qs(&range)
                ),
                (false, false) => {
                    format!("区间 = [{}, {}) 即 mqAll 的第 {}..{} 个：{}。", a.start, a.end, a.start, a.end, qs(&range))
                }
            });
        }
        Method::Circle { k, n, picked } => {
            out.push(sorted);
            out.push(index);
            out.push(if en {
                format!("Queue i goes to slot i mod N = i mod {n}; slot {k} takes i = {k}, {k} + {n}, {k} + 2×{n}, … below M = {m}: {}.", qs(picked))
            } else {
                format!("第 i 个队列归位置 i mod N = i mod {n}；位置 {k} 取 i = {k}、{k} + {n}、{k} + 2×{n} …（小于 M = {m}）：{}。", qs(picked))
            });
        }
        Method::Hash(h) if h.go => {
            out.push(if en {
                format!(
                    "The Go client builds a fresh CRC32 ring on every call: each cidAll entry, in order, puts {} virtual nodes at CRC32(\"<i><clientId>\") (the number first, no separator); a later entry at a taken position overwrites it. The ring holds {} positions; this clientId owns {} of them (table below).",
                    h.virtual_nodes, h.ring_size, h.nodes.len()
                )
            } else {
                format!(
                    "Go 客户端每次调用都新建一个 CRC32 哈希环：cidAll 的每一项按顺序放 {} 个虚拟节点，位置为 CRC32(\"<i><clientId>\")（数字在前，无分隔符）；后来的项会覆盖已被占用的位置。环上共 {} 个位置，其中 {} 个属于该 clientId（见下表）。",
                    h.virtual_nodes, h.ring_size, h.nodes.len()
                )
            });
            out.push(if en {
                "Each queue hashes its toString with CRC32 and goes to the first node strictly after that hash (Java takes the first at or after it), wrapping round to the start of the ring.".into()
            } else {
                "每个队列对其 toString 求 CRC32，归属顺时针遇到的第一个严格更大的节点（Java 取大于或等于的第一个），越过末尾则回到环首。".into()
            });
        }
        Method::Hash(h) => {
            out.push(if en {
                format!(
                    "Each cidAll entry puts {} virtual nodes on an MD5 ring (key \"<clientId>-<i>\", hash = first 4 bytes of MD5); the ring holds {} nodes. This clientId owns {} of them (table below).",
                    h.virtual_nodes, h.ring_size, h.nodes.len()
                )
            } else {
                format!(
                    "cidAll 的每一项在 MD5 哈希环上放 {} 个虚拟节点（key 为 \"<clientId>-<i>\"，哈希取 MD5 前 4 字节）；环上共 {} 个节点，其中 {} 个属于该 clientId（见下表）。",
                    h.virtual_nodes, h.ring_size, h.nodes.len()
                )
            });
            out.push(if en {
                "Each queue hashes its toString and goes to the first node at or after that hash, wrapping round to the start of the ring.".into()
            } else {
                "每个队列对其 toString 求哈希，归属顺时针遇到的第一个节点（越过末尾则回到环首）。".into()
            });
        }
        Method::MachineRoom(r) => {
            out.push(sorted);
            out.push(index);
            out.push(if en {
                format!(
                    "Served queues (brokerName <room>@<broker> with room in [{}]): {} ({} queues).",
                    r.idcs.join(", "),
                    qs(&r.served),
                    r.served.len()
                )
            } else {
                format!(
                    "本组服务的队列（brokerName 为 <机房>@<broker> 且机房在 [{}] 中）：{}（共 {} 个）。",
                    r.idcs.join("、"),
                    qs(&r.served),
                    r.served.len()
                )
            });
            out.push(if en {
                format!(
                    "block = {} / {} = {}, remainder = {} mod {} = {}.",
                    r.served.len(),
                    r.n,
                    r.block,
                    r.served.len(),
                    r.n,
                    r.rem
                )
            } else {
                format!(
                    "块大小 = {} / {} = {}，余数 = {} mod {} = {}。",
                    r.served.len(),
                    r.n,
                    r.block,
                    r.served.len(),
                    r.n,
                    r.rem
                )
            });
            if r.from_mq_all {
                out.push(if en {
                    "The bug of the Go client (and of Java before 4.8.0): the block is read from mqAll at those positions, not from the served queues; only the tail queue comes from the served ones.".into()
                } else {
                    "Go 客户端（以及 4.8.0 之前的 Java）的缺陷：分块按这些位置从 mqAll 中取，而不是从所服务的队列中取；只有尾部队列取自所服务的队列。".into()
                });
            }
            let src = if r.from_mq_all { "mqAll" } else { "served" };
            let tail = r.tail.map(|t| qs(&[t])).unwrap_or_else(|| Key::None.t(lang).into());
            out.push(if en {
                format!(
                    "Slot {} takes {src}[{}..{}] = {}, plus tail queue served[{} + {}×{}] if {} < {}: {}.",
                    r.k,
                    r.k * r.block,
                    r.k * r.block + r.block,
                    qs(&r.block_queues),
                    r.k,
                    r.block,
                    r.n,
                    r.k,
                    r.rem,
                    tail
                )
            } else {
                format!(
                    "位置 {} 取 {src}[{}..{}] = {}，若 {} < {} 再取尾部队列 served[{} + {}×{}]：{}。",
                    r.k,
                    r.k * r.block,
                    r.k * r.block + r.block,
                    qs(&r.block_queues),
                    r.k,
                    r.rem,
                    r.k,
                    r.block,
                    r.n,
                    tail
                )
            });
        }
        Method::Nearby(nb) => {
            let inner = nb.inner.strategy().name().unwrap_or_default();
            out.push(if en {
                format!("The room is the part before \"{}\": this instance is in room \"{}\".", nb.separator, nb.room)
            } else {
                format!("机房取 \"{}\" 之前的部分：该实例位于机房“{}”。", nb.separator, nb.room)
            });
            out.push(match (en, nb.local_queues.is_empty()) {
                (true, true) => format!("Room \"{}\" has no queues of its own.", nb.room),
                (false, true) => format!("机房“{}”没有自己的队列。", nb.room),
                (true, false) => format!(
                    "Local queues {} are dealt by {inner} among the room's {} consumers ({}).",
                    qs(&nb.local_queues),
                    nb.local_consumers.len(),
                    nb.local_consumers.join(", ")
                ),
                (false, false) => format!(
                    "本机房的队列 {} 由 {inner} 在本机房的 {} 个消费者（{}）之间分配。",
                    qs(&nb.local_queues),
                    nb.local_consumers.len(),
                    nb.local_consumers.join("、")
                ),
            });
            for (room, queues) in &nb.orphan_rooms {
                out.push(if en {
                    format!(
                        "Room \"{room}\" has no consumer: its queues {} are dealt by {inner} among all {n} instances.",
                        qs(queues)
                    )
                } else {
                    format!("机房“{room}”没有消费者：它的队列 {} 由 {inner} 在全部 {n} 个实例之间分配。", qs(queues))
                });
            }
        }
        Method::NotSubscribed { .. } | Method::NotInCidAll => out.push(view_method_step(e, lang)),
        Method::Config { configured } => out.push(match (en, configured) {
            (true, true) => "CONFIG returns this process's configured list as it is, unchecked.".into(),
            (false, true) => "CONFIG 原样返回该进程配置的列表，不做校验。".into(),
            (true, false) => "CONFIG without a configured list returns null: the client keeps what it had.".into(),
            (false, false) => "CONFIG 未配置列表时返回 null：客户端保持原有队列。".into(),
        }),
    }
    match e.broker {
        Some(RequestMode::Pull) => out.push(if en {
            "The broker ran this computation for the client (QUERY_ASSIGNMENT, PULL).".into()
        } else {
            "这一计算由 Broker 代客户端完成（QUERY_ASSIGNMENT，PULL）。".into()
        }),
        Some(RequestMode::Pop { .. }) if matches!(e.method, Method::PopWhole { .. } | Method::PopOneEach { .. }) => {}
        Some(RequestMode::Pop { share }) => out.push(if en {
            format!("POP with popShareQueueNum = {share}: the instance also serves the queues of the next {share} {} of cidAll, so its result is its own share plus theirs.", if share == 1 { "slot" } else { "slots" })
        } else {
            format!("POP 模式，popShareQueueNum = {share}：该实例还会服务 cidAll 中后面 {share} 个位置的队列，所以结果是它自己的那份加上它们的。")
        }),
        None => {}
    }
    let result = match &e.method {
        // The answer is whole brokers (queueId -1): the queues it pops are all of theirs.
        Method::PopWhole { brokers, .. } => (0..sim.mq_all.len())
            .filter(|&q| brokers.iter().any(|b| **b == *sim.mq_all[q].broker_name))
            .collect::<Vec<usize>>(),
        _ => e.queues.clone(),
    };
    out.push(if en { format!("Result: {}.", qs(&result)) } else { format!("结果：{}。", qs(&result)) });
    out
}

pub fn bad_ip(lang: Lang, text: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("\"{text}\" is not an IPv4 address such as 10.0.0.12."),
        Lang::Zh => format!("“{text}”不是 IPv4 地址（例如 10.0.0.12）。"),
    }
}

// ---------------------------------------------------------------------------------------------------------
// issue 4: compare, diff, split views, backlog, Kafka and Pulsar, export

/// A fixed string of the tour views (compare, rebalance, split views, backlog, contrast, export).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourKey {
    Strategy,
    Picture,
    Spread,
    Moves,
    Change,
    ChangeJoin,
    ChangeLeave,
    ChangeRestart,
    ChangeQueues,
    Instance,
    NewClientId,
    NewCount,
    Prev,
    Next,
    StageBefore,
    StageDown,
    StageAfter,
    MovesPerStrategy,
    RestartNote,
    MovedLegend,
    ViewsIntro,
    ViewsNone,
    ViewStale,
    ViewCurrent,
    ViewSees,
    ViewRoute,
    ViewMembers,
    SkipsTopic,
    Produce,
    Consume,
    Seconds,
    Reset,
    ResetNone,
    BacklogLine,
    DuplicatesLine,
    ContrastIntro,
    ContrastWhy,
    MultiTopic,
    ExportSvg,
    ExportPng,
    ExportCsv,
    ExportJson,
    SaveScenario,
    LoadScenario,
    ChooseFile,
    ExportNote,
    Loaded,
    ExportSnippet,
    ExportSnippetLabel,
    ExportSnippetHint,
    SnippetCopied,
    SnippetByHand,
}

/// The tour's frame, which is in the page's core: its title, hint and tab labels. The words of the views
/// themselves ([`TourKey`]) are only in the chunk loaded when a tab is opened (issue 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourFrameKey {
    Title,
    Hint,
    TabCompare,
    TabDiff,
    TabViews,
    TabBacklog,
    TabContrast,
    TabExport,
}

impl TourFrameKey {
    pub fn t(self, lang: Lang) -> &'static str {
        use TourFrameKey::*;
        let (en, zh) = match self {
            Title => ("Explore further", "深入探索"),
            Hint => (
                "Pick a tab: compare the strategies, watch a rebalance, see split views, the backlog over time, Kafka and Pulsar, or export.",
                "选择一个标签页：比较策略、观察重新分配、视图不一致、堆积随时间的变化、Kafka 与 Pulsar，或导出。",
            ),
            TabCompare => ("Compare strategies", "比较策略"),
            TabDiff => ("Watch a rebalance", "观察一次重新分配"),
            TabViews => ("Split views", "视图不一致"),
            TabBacklog => ("Backlog", "消息堆积"),
            TabContrast => ("Kafka and Pulsar", "Kafka 与 Pulsar"),
            TabExport => ("Export", "导出"),
        };
        lang.pick(en, zh)
    }
}

impl TourKey {
    pub fn t(self, lang: Lang) -> &'static str {
        use TourKey::*;
        let (en, zh) = match self {
            Strategy => ("Strategy", "策略"),
            Picture => ("Queues", "队列"),
            Spread => ("Queues per instance (min–max)", "每个实例的队列数（最少–最多）"),
            Moves => ("Moved when it joins", "它加入时移动的队列"),
            Change => ("Change", "变化"),
            ChangeJoin => ("An instance joins", "新实例加入"),
            ChangeLeave => ("An instance leaves", "实例下线"),
            ChangeRestart => ("An instance restarts (same clientId)", "实例重启（clientId 不变）"),
            ChangeQueues => ("The first broker's queue count changes", "第一个 Broker 的队列数变化"),
            Instance => ("Instance", "实例"),
            NewClientId => ("clientId of the new instance", "新实例的 clientId"),
            NewCount => ("New read queue count", "新的读队列数"),
            Prev => ("← Previous step", "← 上一步"),
            Next => ("Next step →", "下一步 →"),
            StageBefore => ("Before", "变化前"),
            StageDown => ("While it is down", "下线期间"),
            StageAfter => ("After", "变化后"),
            MovesPerStrategy => ("The same change under each strategy", "同一变化在各策略下"),
            RestartNote => (
                "With the same clientId the group ends where it started: queues move only while the instance is down (the broker drops its channel at once, the others rebalance without it, then again with it).",
                "clientId 不变时，组最终回到原样：只有在实例下线期间队列会移动（Broker 立即移除它的连接，其余实例先在没有它的情况下重新分配，随后又把它算回来）。",
            ),
            MovedLegend => ("Outlined: the queue changed hands in this step", "描边：该队列在这一步换了消费者"),
            ViewsIntro => (
                "Each instance computes from its own view: the cidAll of the broker it asked (a new member's heartbeat may not have reached it yet) and the route it holds (a stale queue count). Instances with the same view are computed once.",
                "每个实例都按自己的视图计算：它所询问的 Broker 返回的 cidAll（新成员的心跳可能尚未到达）以及它持有的路由（队列数可能已过期）。视图相同的实例只计算一次。",
            ),
            ViewsNone => (
                "Every instance sees the same cidAll and route here. Try the presets \"Stale view\" and \"Mixed subscriptions\".",
                "这里所有实例看到的 cidAll 和路由都相同。试试预设“视图过期”和“订阅关系不一致”。",
            ),
            ViewStale => ("stale view", "过期视图"),
            ViewCurrent => ("current view", "最新视图"),
            ViewSees => ("cidAll it sees", "看到的 cidAll"),
            ViewRoute => ("Route", "路由"),
            ViewMembers => ("Instances computing with it", "按此视图计算的实例"),
            SkipsTopic => (
                "In the group but not subscribed to this topic: it is in everyone's cidAll (the broker lists the group's clients, not the topic's), so the queues dealt to its slot are never pulled.",
                "属于该消费组但未订阅本 Topic：它仍在所有人的 cidAll 中（Broker 按消费组而非 Topic 列出客户端），因此分给它那个位置的队列永远无人拉取。",
            ),
            Produce => ("Messages per second into each queue", "每个队列每秒写入的消息数"),
            Consume => ("Messages per second one instance consumes", "每个实例每秒能消费的消息数"),
            Seconds => ("Time span (seconds)", "时长（秒）"),
            Reset => ("Reset offsets to latest halfway", "在中途把消费位点重置到最新"),
            ResetNone => ("Undo the reset", "取消重置"),
            BacklogLine => ("Backlog (messages waiting)", "堆积（等待消费的消息）"),
            DuplicatesLine => ("Duplicate deliveries", "重复投递"),
            ContrastIntro => (
                "The same topic (one partition per queue) and the same instances through Kafka's client-side assignors and Pulsar's failover rule.",
                "同一个 Topic（每个队列对应一个分区）和同样的实例，交给 Kafka 的客户端分配器和 Pulsar 的 failover 规则。",
            ),
            ContrastWhy => (
                "Why Kafka and Pulsar cannot overlap like this: one party computes ONE assignment for the whole group. In Kafka the group leader does, keyed by member ids the coordinator makes unique (client.id plus a UUID), so two processes reporting the same client.id are still two members. In Pulsar the broker picks one active consumer per partition from its list of connected consumers sorted by priority level and consumer name; names need not be unique, but each connection is its own entry, so each partition still gets exactly one owner. RocketMQ has no leader: every client runs the strategy for itself on the clientId list, and two equal clientIds compute the same answer.",
                "为什么 Kafka 和 Pulsar 不会这样重叠：整个组只由一方计算出唯一一份分配。Kafka 由组 Leader 计算，成员以协调者生成的唯一成员 id（client.id 加 UUID）区分，所以两个上报相同 client.id 的进程仍是两个成员。Pulsar 由 Broker 为每个分区从已连接的消费者列表中选出一个活跃消费者，列表按优先级和消费者名排序；消费者名不必唯一，但每个连接各占一项，所以每个分区仍恰好一个消费者。RocketMQ 没有 Leader：每个客户端各自对 clientId 列表运行策略，相同的 clientId 会算出相同的结果。",
            ),
            MultiTopic => (
                "Several topics: TopicA and TopicB of 3, members C0 and C1 subscribed to both",
                "多个 Topic：TopicA 和 TopicB 各 3 个，成员 C0 和 C1 都订阅了两者",
            ),
            ExportSvg => ("Grid as SVG", "网格导出为 SVG"),
            ExportPng => ("Grid as PNG", "网格导出为 PNG"),
            ExportCsv => ("Assignment as CSV", "分配结果导出为 CSV"),
            ExportJson => ("Assignment as JSON", "分配结果导出为 JSON"),
            SaveScenario => ("Save scenario (.json)", "保存场景（.json）"),
            LoadScenario => ("Load a scenario file", "载入场景文件"),
            ChooseFile => ("Choose a file…", "选择文件…"),
            ExportNote => (
                "Files are made in your browser; nothing is uploaded. Pictures are always light, for documents and print.",
                "文件在你的浏览器中生成，不会上传任何内容。图片始终为浅色，便于放进文档和打印。",
            ),
            Loaded => ("Scenario loaded.", "场景已载入。"),
            ExportSnippet => ("Embed with a picture", "带图片的嵌入代码"),
            ExportSnippetLabel => (
                "Paste this into a doc page: the playground, and the grid as a picture where scripts do not run.",
                "把以下代码粘贴到文档页面中：嵌入的演示，以及在不运行脚本时显示的网格图片。",
            ),
            ExportSnippetHint => (
                "Where no HTML is allowed at all (a README, a PDF), the command line writes the same picture: rebalance allocate … --svg grid.svg (see the README's CLI section).",
                "在完全不允许 HTML 的地方（README、PDF），命令行可以写出同样的图片：rebalance allocate … --svg grid.svg（见 README 的命令行一节）。",
            ),
            SnippetCopied => ("Copied to the clipboard.", "已复制到剪贴板。"),
            SnippetByHand => ("Copy the snippet from this field.", "请从此文本框复制代码。"),
        };
        lang.pick(en, zh)
    }
}

/// "Next change: one more instance, 10.0.0.99@4242, joins. ..."
pub fn compare_intro(lang: Lang, joiner: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!(
            "Next change: one more instance, {joiner}, joins. A queue moves when the set of instances consuming it changes."
        ),
        Lang::Zh => format!("下一次变化：再加入一个实例 {joiner}。某个队列的消费实例集合发生变化，即算作移动。"),
    }
}

pub fn moved_count(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo if n == 1 => "1 queue moved".into(),
        Lang::En | Lang::Pseudo => format!("{n} queues moved"),
        Lang::Zh => format!("移动了 {n} 个队列"),
    }
}

/// "Step 2 of 3: After"
pub fn step_of(lang: Lang, i: usize, n: usize, stage: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("Step {} of {n}: {stage}", i + 1),
        Lang::Zh => format!("第 {} 步，共 {n} 步：{stage}", i + 1),
    }
}

/// The limit said under a tour view's whole-number field: "A whole number, 0 to 86400."
pub fn at_most(lang: Lang, max: u64) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("A whole number, 0 to {max}."),
        Lang::Zh => format!("整数，0 到 {max}。"),
    }
}

pub fn backlog_summary(lang: Lang, seconds: u32, backlog: f64, duplicates: f64, skipped: f64) -> String {
    let (b, d, s) = (backlog.round() as u64, duplicates.round() as u64, skipped.round() as u64);
    match (lang, s > 0) {
        (Lang::En | Lang::Pseudo, false) => format!("After {seconds} s: {b} messages waiting on starved or slow queues, {d} delivered twice or more."),
        (Lang::En | Lang::Pseudo, true) => format!("After {seconds} s: {b} messages waiting, {d} duplicate deliveries; the offset reset skipped {s} messages: they will never be consumed."),
        (Lang::Zh, false) => format!("{seconds} 秒后：饥饿或过慢的队列上有 {b} 条消息在等待，{d} 条被重复投递。"),
        (Lang::Zh, true) => format!("{seconds} 秒后：{b} 条消息在等待，重复投递 {d} 条；位点重置跳过了 {s} 条消息，它们永远不会被消费。"),
    }
}

/// A scenario file that could not be loaded; the current scenario stays. What is wrong is said in words,
/// with the line (and the field where it can be told), never in serde's phrasing.
pub fn bad_file(lang: Lang, e: &FileProblem) -> String {
    let why = match (e, lang) {
        (FileProblem::Json(p), _) => file_problem(lang, p),
        (FileProblem::Client(n, p), Lang::En | Lang::Pseudo) => format!("instance {}: {}", n + 1, p.text(lang)),
        (FileProblem::Client(n, p), Lang::Zh) => format!("第 {} 个实例：{}", n + 1, p.text(lang)),
        (FileProblem::TooLarge, Lang::En | Lang::Pseudo) => "beyond the playground's limits".into(),
        (FileProblem::TooLarge, Lang::Zh) => "超出演示工具的上限".into(),
        (FileProblem::NotText, Lang::En | Lang::Pseudo) => "it is not JSON".into(),
        (FileProblem::NotText, Lang::Zh) => "它不是 JSON".into(),
    };
    match lang {
        Lang::En | Lang::Pseudo => format!("This file is not a playground scenario: {why}. Nothing was changed."),
        Lang::Zh => format!("该文件不是有效的场景：{why}。当前场景未改变。"),
    }
}

/// [`JsonProblem`] in words: "\"readQueueNums\" on line 5 is -3, but it must be a whole number from 0 to ...".
fn file_problem(lang: Lang, p: &JsonProblem) -> String {
    let place = |field: &Option<String>, line: &usize| match (field, lang) {
        (Some(f), Lang::En | Lang::Pseudo) => format!("\"{f}\" on line {line}"),
        (Some(f), Lang::Zh) => format!("第 {line} 行的“{f}”"),
        (None, Lang::En | Lang::Pseudo) => format!("the value on line {line}"),
        (None, Lang::Zh) => format!("第 {line} 行的值"),
    };
    match (p, lang) {
        (JsonProblem::Syntax { line, column }, Lang::En | Lang::Pseudo) => {
            format!("it is not valid JSON at line {line}, column {column}")
        }
        (JsonProblem::Syntax { line, column }, Lang::Zh) => format!("第 {line} 行第 {column} 列处不是有效的 JSON"),
        (JsonProblem::Eof { line }, Lang::En | Lang::Pseudo) => format!("it ends too early, at line {line}"),
        (JsonProblem::Eof { line }, Lang::Zh) => format!("文件在第 {line} 行提前结束"),
        (JsonProblem::Missing { field, line }, Lang::En | Lang::Pseudo) => {
            format!("the field \"{field}\" is missing (in the object that ends on line {line})")
        }
        (JsonProblem::Missing { field, line }, Lang::Zh) => format!("缺少字段“{field}”（在第 {line} 行结束的对象中）"),
        (JsonProblem::UnknownName { field, value, line, .. }, Lang::En | Lang::Pseudo) => {
            format!("{} is \"{value}\", which is not a name the playground knows", place(field, line))
        }
        (JsonProblem::UnknownName { field, value, line, .. }, Lang::Zh) => {
            format!("{}是“{value}”，不是演示工具认识的名称", place(field, line))
        }
        (JsonProblem::Wrong { field, found, expected, line }, _) => {
            let found = match (found, lang) {
                (Found::Number(n) | Found::Bool(n), _) => n.clone(),
                (Found::Text(t), Lang::En | Lang::Pseudo) => format!("the text \"{t}\""),
                (Found::Text(t), Lang::Zh) => format!("文本“{t}”"),
                (Found::Null, _) => "null".into(),
                (Found::List, Lang::En | Lang::Pseudo) => "a list".into(),
                (Found::List, Lang::Zh) => "列表".into(),
                (Found::Object, Lang::En | Lang::Pseudo) => "an object".into(),
                (Found::Object, Lang::Zh) => "对象".into(),
                (Found::Other, Lang::En | Lang::Pseudo) => "a value of another kind".into(),
                (Found::Other, Lang::Zh) => "另一种值".into(),
            };
            let expected = match (expected, lang) {
                (Expected::WholeNumber { min, max }, Lang::En | Lang::Pseudo) => {
                    format!("a whole number from {min} to {max}")
                }
                (Expected::WholeNumber { min, max }, Lang::Zh) => format!("{min} 到 {max} 之间的整数"),
                (Expected::Number, Lang::En | Lang::Pseudo) => "a number".into(),
                (Expected::Number, Lang::Zh) => "数字".into(),
                (Expected::Text, Lang::En | Lang::Pseudo) => "text in quotes".into(),
                (Expected::Text, Lang::Zh) => "带引号的文本".into(),
                (Expected::List, Lang::En | Lang::Pseudo) => "a list [ … ]".into(),
                (Expected::List, Lang::Zh) => "列表 [ … ]".into(),
                (Expected::Object, Lang::En | Lang::Pseudo) => "an object { … }".into(),
                (Expected::Object, Lang::Zh) => "对象 { … }".into(),
                (Expected::Bool, Lang::En | Lang::Pseudo) => "true or false".into(),
                (Expected::Bool, Lang::Zh) => "true 或 false".into(),
                (Expected::Other, Lang::En | Lang::Pseudo) => "a value of another kind".into(),
                (Expected::Other, Lang::Zh) => "另一种值".into(),
            };
            match lang {
                Lang::En | Lang::Pseudo => format!("{} is {found}, but it must be {expected}", place(field, line)),
                Lang::Zh => format!("{}是 {found}，但必须是{expected}", place(field, line)),
            }
        }
        (JsonProblem::Other { field, line }, Lang::En | Lang::Pseudo) => {
            format!("{} cannot be read", place(field, line))
        }
        (JsonProblem::Other { field, line }, Lang::Zh) => format!("{}无法读取", place(field, line)),
    }
}

// issue 6: hostile input

/// What the page says when localStorage held something it cannot read (and ignored).
pub fn storage_notice(text: &str, lang: Lang) -> String {
    match lang {
        Lang::En | Lang::Pseudo => {
            format!("A setting saved in this browser (\"{text}\") could not be read; it was ignored and cleared.")
        }
        Lang::Zh => format!("此浏览器中保存的设置（“{text}”）无法读取，已忽略并清除。"),
    }
}

// issue 4: split views in the explain panel

/// Where the explained instance's lists came from, when they are its own (before the usual steps).
pub fn source_steps(e: &Explanation, lang: Lang) -> Vec<String> {
    let en = lang != Lang::Zh;
    let Source::Own { cid_all, missing, extra, route, route_stale } = &e.source else { return vec![] };
    let mut out = vec![if en {
        "This instance computes with its own view, not the group's: the lists below are what it was told.".to_string()
    } else {
        "该实例按自己的视图计算，而不是消费组的真实视图：下面的列表是它得到的。".to_string()
    }];
    if !missing.is_empty() || !extra.is_empty() {
        let mut line = if en {
            format!("The broker it asked answered cidAll = [{}].", cid_all.join(", "))
        } else {
            format!("它询问的 Broker 返回的 cidAll = [{}]。", cid_all.join("、"))
        };
        if !missing.is_empty() {
            line.push_str(&if en {
                format!(" It does not see {} yet (no heartbeat reached that broker).", missing.join(", "))
            } else {
                format!("它还看不到 {}（心跳尚未到达该 Broker）。", missing.join("、"))
            });
        }
        if !extra.is_empty() {
            line.push_str(&if en {
                format!(" It still sees {}, no longer in the group.", extra.join(", "))
            } else {
                format!("它仍然看到已不在组内的 {}。", extra.join("、"))
            });
        }
        out.push(line);
    }
    if *route_stale {
        let text = crate::group::split::route_text(route);
        out.push(if en {
            format!("Its route is stale: {}.", if text.is_empty() { "no broker".to_string() } else { text })
        } else {
            format!("它的路由已过期：{}。", if text.is_empty() { "没有 Broker".to_string() } else { text })
        });
    }
    out
}

fn view_method_step(e: &Explanation, lang: Lang) -> String {
    match (&e.method, lang) {
        (Method::NotSubscribed { topic }, Lang::En | Lang::Pseudo) => format!(
            "It does not subscribe to {topic}, so it never rebalances it and pulls none of its queues. The others still count it in cidAll (slot {}), so the queues they deal to that slot are never pulled.",
            e.slot
        ),
        (Method::NotSubscribed { topic }, Lang::Zh) => format!(
            "它没有订阅 {topic}，因此从不为它做负载均衡，也不拉取它的任何队列。其他实例的 cidAll 中仍有它（位置 {}），分给该位置的队列永远无人拉取。",
            e.slot
        ),
        (_, Lang::En | Lang::Pseudo) => format!(
            "Its own cidAll does not contain \"{}\": the strategy logs \"[BUG] ... not in cidAll\" and returns no queue.",
            e.client_id
        ),
        (_, Lang::Zh) => format!(
            "它自己的 cidAll 里没有 \"{}\"：分配策略记录 \"[BUG] ... not in cidAll\" 并返回空列表。",
            e.client_id
        ),
    }
}

// issue 4: the views editor

/// A fixed string of the views editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewsKey {
    Hint,
    Cids,
    Route,
    Client,
    OwnStrategy,
}

impl ViewsKey {
    pub fn t(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            ViewsKey::Hint => (
                "Per instance: the client library it runs (every client sorts and allocates with its own code), its own strategy (a rolling deploy that changed it), and its own view, as a real client can have for a while: the cidAll of the broker it asked (leave out a member whose heartbeat has not reached it yet), the route it holds (a broker missing, fewer queues), or no subscription to this topic. Blank: the group's own list.",
                "按实例设置：它运行的客户端库（每种客户端用自己的代码排序和分配）、它自己的策略（滚动发布改了策略时），以及它自己的视图，真实客户端在一段时间内就会这样：它所询问的 Broker 返回的 cidAll（去掉心跳尚未到达的成员）、它持有的路由（缺少某个 Broker、队列更少），或者它没有订阅本 Topic。留空表示使用消费组的真实列表。",
            ),
            ViewsKey::Cids => ("cidAll it sees (blank: the group's)", "它看到的 cidAll（留空：消费组的）"),
            ViewsKey::Route => ("Route it holds (blank: the topic's), e.g. broker-a:8", "它持有的路由（留空：Topic 的），例如 broker-a:8"),
            ViewsKey::Client => ("Client it runs", "它运行的客户端"),
            ViewsKey::OwnStrategy => ("Its strategy", "它的策略"),
        };
        lang.pick(en, zh)
    }
}

/// A client library's name in the per-instance editor.
pub fn client_name(c: crate::group::Client, lang: Lang) -> &'static str {
    use crate::group::Client::*;
    let (en, zh) = match c {
        Java5 => ("Java 5.x (remoting)", "Java 5.x（Remoting）"),
        Java49 => ("Java 4.9", "Java 4.9"),
        Java47 => ("Java 4.7 and older", "Java 4.7 及更早"),
        Go => ("Go (rocketmq-client-go v2)", "Go（rocketmq-client-go v2）"),
        Cpp => ("C++ / Python (AVG only)", "C++ / Python（只有 AVG）"),
        Grpc => ("5.x gRPC (the proxy assigns)", "5.x gRPC（由 Proxy 分配）"),
    };
    lang.pick(en, zh)
}

/// The first choice of an instance's strategy: the group's.
pub fn group_strategy_option(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("The group's ({name})"),
        Lang::Zh => format!("消费组的（{name}）"),
    }
}

/// Under a C++ instance in a group that runs another strategy.
pub fn only_avg(lang: Lang, client: &str, group: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => {
            format!("The {client} client has only AVG: this instance computes AVG, not {group}.")
        }
        Lang::Zh => format!("{client} 客户端只有 AVG：该实例按 AVG 计算，而不是 {group}。"),
    }
}

/// The fixed strings of the explain and share panels, which load on demand: apart from [`Key`], so that their
/// words travel in those chunks rather than in the first load (issue 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelKey {
    Explain,
    Close,
    LinkLabel,
    Copied,
    CopyByHand,
    CopySnippetByHand,
    EmbedLabel,
}

impl PanelKey {
    pub fn t(self, lang: Lang) -> &'static str {
        use PanelKey::*;
        let (en, zh) = match self {
            Explain => ("How this instance computed its queues", "该实例如何算出自己的队列"),
            Close => ("Close", "关闭"),
            LinkLabel => ("Link to exactly this view", "指向当前视图的链接"),
            Copied => ("Copied to the clipboard.", "已复制到剪贴板。"),
            CopyByHand => ("Copy the link from this field.", "请从此文本框复制链接。"),
            CopySnippetByHand => ("Copy the snippet from this field.", "请从此文本框复制代码。"),
            EmbedLabel => ("Paste this into a web page:", "把以下代码粘贴到网页中："),
        };
        lang.pick(en, zh)
    }
}

/// The fixed strings of the clientId builder's form (loaded on demand, like [`PanelKey`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuilderKey {
    Intro,
    Count,
    HostIp,
    Pid,
    InstanceName,
    UnitName,
    Version,
    WouldReport,
    UseTheseIds,
    DockerButton,
    /// The client library picker and its choices.
    Library,
    LibJava,
    LibGo,
    LibCpp,
    LibGrpc,
    /// The network picker (which interfaces, in which order) and its choices.
    Network,
    NetDocker0First,
    NetEth0First,
    NetBridge,
    NetIpv6Only,
    /// gRPC: the host name and the client's index in its process.
    HostName,
    Index,
    /// Why the picked library's ids collide or not.
    WhyJava47,
    WhyJava49,
    WhyGo,
    WhyCpp,
    WhyGrpc,
}

impl BuilderKey {
    pub fn t(self, lang: Lang) -> &'static str {
        use BuilderKey::*;
        let (en, zh) = match self {
            Intro => (
                "Describe how your processes run and see the clientId each would report.",
                "描述进程的运行方式，查看每个进程会上报的 clientId。",
            ),
            Count => ("Instances", "实例数"),
            HostIp => ("Host IP (first host; the next hosts count up)", "宿主机 IP（第一台，后续依次递增）"),
            Pid => ("PID inside the container", "容器内的 PID"),
            InstanceName => ("instanceName", "instanceName"),
            UnitName => ("unitName (optional)", "unitName（可选）"),
            Version => ("Java client version", "Java 客户端版本"),
            WouldReport => ("They would report:", "它们会上报："),
            UseTheseIds => ("Use these clientIds", "使用这些 clientId"),
            DockerButton => {
                ("Docker host network, 4.7.1, 3 containers, PID 9", "Docker 主机网络、4.7.1、3 个容器、PID 9")
            }
            Library => ("Client library", "客户端库"),
            LibJava => ("Java", "Java"),
            LibGo => ("Go v2 (rocketmq-client-go)", "Go v2（rocketmq-client-go）"),
            LibCpp => ("C++ / Python (rocketmq-client-cpp)", "C++ / Python（rocketmq-client-cpp）"),
            LibGrpc => ("gRPC 5.x (rocketmq-clients)", "gRPC 5.x（rocketmq-clients）"),
            Network => ("Network of each container", "每个容器的网络"),
            NetDocker0First => ("--network host, docker0 listed first", "--network host，docker0 排在前面"),
            NetEth0First => ("--network host, eth0 listed first", "--network host，eth0 排在前面"),
            NetBridge => ("Bridge network: the container's own IP", "桥接网络：容器自己的 IP"),
            NetIpv6Only => ("No IPv4 interface (IPv6 only)", "没有 IPv4 网卡（仅 IPv6）"),
            HostName => ("Host name (the same in every process)", "主机名（每个进程相同）"),
            Index => ("Client index in the process (0: its first client)", "进程内的客户端序号（0：第一个客户端）"),
            WhyJava47 => (
                "Up to 4.8 a Java client names itself after its PID and takes the first IPv4 that does not start with 127.0 or 192.168: docker0's 172.17.0.1 when docker0 is listed first, the same on every host.",
                "4.8 及以前的 Java 客户端以 PID 作为实例名，并取第一个不以 127.0 或 192.168 开头的 IPv4：docker0 排在前面时就是 docker0 的 172.17.0.1，每台主机都一样。",
            ),
            WhyJava49 => (
                "From 4.9.0 a Java client skips bridges such as docker0 and appends #nanoTime to the PID, but only while instanceName is DEFAULT: a name set by hand is used as it is.",
                "从 4.9.0 起，Java 客户端会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime，但仅限 instanceName 为 DEFAULT 时：手动设置的名字会原样使用。",
            ),
            WhyGo => (
                "Go clients keep IP@PID: the #nanoTime suffix of Java 4.9+ never takes effect. The IP is the first IPv4 of the first interface that is up and not loopback, docker0 too when it is listed first; with no IPv4 the id starts with @.",
                "Go 客户端始终是 IP@PID：Java 4.9+ 的 #nanoTime 后缀从不生效。IP 取第一个已启用且非回环网卡的第一个 IPv4，docker0 排在前面时也算；没有 IPv4 时 clientId 以 @ 开头。",
            ),
            WhyCpp => (
                "C++ and Python clients report IP@PID#instanceName, the IP from resolving the host name (IPv6 too): processes whose host names resolve alike and whose PIDs are equal share one clientId.",
                "C++ 与 Python 客户端上报 IP@PID#instanceName，IP 来自解析主机名（也可能是 IPv6）：主机名解析结果相同且 PID 相同的进程会共用一个 clientId。",
            ),
            WhyGrpc => (
                "5.x gRPC clients report hostname@pid@index@nanoTime (in base 36): the start time keeps them apart even with the same host name and PID. They allocate nothing themselves: the proxy assigns.",
                "5.x gRPC 客户端上报 hostname@pid@index@nanoTime（36 进制）：即使主机名和 PID 相同，启动时间也能区分它们。它们自己不分配队列，由 Proxy 分配。",
            ),
        };
        lang.pick(en, zh)
    }
}

/// How many of the builder's clientIds are distinct, and what duplicates do to the group.
pub fn builder_distinct(lang: Lang, ids: &[String]) -> String {
    let processes = ids.len();
    let distinct = ids.iter().collect::<std::collections::BTreeSet<_>>().len();
    match (lang, distinct < processes) {
        (Lang::En | Lang::Pseudo, true) => format!(
            "{processes} processes, only {distinct} distinct clientId{}: processes sharing one compute the same queues.",
            if distinct == 1 { "" } else { "s" }
        ),
        (Lang::En | Lang::Pseudo, false) => format!("{processes} processes, {processes} distinct clientIds."),
        (Lang::Zh, true) => {
            format!("{processes} 个进程只有 {distinct} 个不同的 clientId：共用同一个 clientId 的进程会算出相同的队列。")
        }
        (Lang::Zh, false) => format!("{processes} 个进程，{processes} 个不同的 clientId。"),
    }
}

/// The truth the views differ from.
pub fn views_truth(lang: Lang, cids: &str, route: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("The group's cidAll: {cids}. The topic's route: {route}."),
        Lang::Zh => format!("消费组的 cidAll：{cids}。Topic 的路由：{route}。"),
    }
}

pub fn subscribes_to(lang: Lang, topic: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("Subscribes to {topic}"),
        Lang::Zh => format!("订阅了 {topic}"),
    }
}

pub fn misses_newest(lang: Lang, newest: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("Has not seen {newest} yet"),
        Lang::Zh => format!("还没看到 {newest}"),
    }
}

pub fn views_rows_limit(lang: Lang, rows: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("Only the first {rows} instances can be edited here; the others keep the views their link or file gave them."),
        Lang::Zh => format!("这里只能编辑前 {rows} 个实例；其余实例保留链接或文件中给出的视图。"),
    }
}
/// Share or Embed on a scenario whose `#s=` state is longer than a link may be (it could not be opened again).
pub fn link_too_long(lang: Lang, length: usize) -> String {
    let max = crate::group::link::MAX_STATE_CHARS;
    match lang {
        Lang::En | Lang::Pseudo => format!(
            "This scenario is too big for a link: its state would be {length} characters long, and links over {max} characters cannot be opened again, so no link was made. Save it as a scenario file instead; \"Load a scenario file\" in the Export tab opens it."
        ),
        Lang::Zh => format!(
            "该场景太大，无法放进链接：其状态将长达 {length} 个字符，超过 {max} 个字符的链接无法再次打开，因此未生成链接。请改为保存为场景文件，可在“导出”标签页中用“载入场景文件”打开。"
        ),
    }
}

/// Up to `n` items, then "and N more": [`crate::words::list`], kept under this name for the callers above.
pub fn cut<S: AsRef<str>>(items: &[S], n: usize, lang: Lang) -> String {
    crate::words::list(lang, items, n)
}

/// " and 3 more" after a list cut by hand: `list-and-more` with nothing before it.
pub fn and_more(lang: Lang, n: usize) -> String {
    crate::words::list_and_more(lang, n, "")
}
