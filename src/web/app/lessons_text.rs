//! Every word of the guided lessons (issue 7), English and Simplified Chinese side by side. The narrative is
//! made by functions of the live [`Scenario`] and [`Simulation`]: every number, clientId and queue in it is
//! read from the state the reader is looking at, never typed here, so it changes as the reader edits.

use crate::group::compare::{joiner_id, strategies_for};
use crate::group::diff::{moves_per_strategy, Change};
use crate::group::lessons::{room_of, Condition, LessonId, LinkProblem};
use crate::group::split::view_groups;
use crate::group::{contrast, simulate, Finding, Lang, MessageModel, Rebalance, Scenario, Simulation};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{Inner, Strategy};
use crate::web::app::i18n::{subscribes_to, Key};

/// A fixed string of the lesson panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonKey {
    Lessons,
    Intro,
    Open,
    Close,
    AllLessons,
    Previous,
    Next,
    NextLesson,
    Task,
    Done,
    NotDone,
    Hint,
    ShowSolution,
    SolutionShown,
    LinkToStep,
    LinkHint,
    DoneMark,
    Mark,
    Restart,
    Holds,
    Unmet,
    Finished,
    Story,
}

impl LessonKey {
    pub fn t(self, lang: Lang) -> &'static str {
        use LessonKey::*;
        let (en, zh) = match self {
            Lessons => ("Guided lessons", "引导课程"),
            Intro => (
                "Learn rebalance by doing: each lesson sets up the playground, explains what you see, and ends with a task you solve with the editors on the left.",
                "边做边学负载均衡：每节课先布置好演示场景，解释你看到的现象，最后留一个任务，用左侧的编辑器动手完成。",
            ),
            Open => ("Start the lessons", "开始学习"),
            Close => ("Close the lessons", "关闭课程"),
            AllLessons => ("All lessons", "全部课程"),
            Previous => ("Previous", "上一步"),
            Next => ("Next", "下一步"),
            NextLesson => ("Next lesson", "下一课"),
            Task => ("Your task", "你的任务"),
            Done => ("Done: the live simulation meets every condition.", "完成：实时模拟满足全部条件。"),
            NotDone => ("Not done yet.", "尚未完成。"),
            Hint => ("Hint", "提示"),
            ShowSolution => ("Show solution", "查看答案"),
            SolutionShown => (
                "The solution is applied to the playground: look at the editors to see what changed.",
                "答案已应用到演示中：看看左侧编辑器里改了什么。",
            ),
            LinkToStep => ("Link to this step", "本步骤链接"),
            LinkHint => (
                "Paste it to a colleague: it opens this step with its scenario. The address bar also keeps your edits.",
                "发给同事即可打开这一步及其场景；浏览器地址栏里的链接还包含你的修改。",
            ),
            DoneMark => ("done", "已完成"),
            Mark => ("Mark every queue that nobody pulled when this step began:", "勾选本步骤开始时所有无人拉取的队列："),
            Restart => ("Set up this step again", "重新布置本步骤"),
            Holds => ("met", "已满足"),
            Unmet => ("not met", "未满足"),
            Finished => ("You finished every lesson.", "你已完成全部课程。"),
            Story => ("What is going on (fold it away once read)", "讲解（读完可以收起）"),
        };
        lang.pick(en, zh)
    }
}

fn pick(lang: Lang, en: String, zh: String) -> String {
    if lang != Lang::Zh {
        plurals(&en)
    } else {
        zh
    }
}

/// English `queue(s)` made singular or plural by the number one or two words before it (`1 queue`,
/// `0 local consumers`); left as written when no number is there. The numbers are live, so the words are
/// chosen at run time.
fn plurals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("(s)") {
        let before = &rest[..i];
        let count = format!("{out}{before}")
            .split_whitespace()
            .rev()
            .skip(1)
            .take(2)
            .find_map(|w| w.trim_start_matches(['(', '（']).parse::<u64>().ok());
        out.push_str(before);
        match count {
            Some(1) => {}
            Some(_) => out.push('s'),
            None => out.push_str("(s)"),
        }
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    out
}

/// Queue labels joined: `0, 3 and 6` / `0、3、6`; `none` / `无` when empty.
fn queues(sim: &Simulation, list: &[usize], lang: Lang) -> String {
    const SHOWN: usize = 16;
    let mut labels: Vec<String> = list.iter().take(SHOWN).map(|&q| sim.queue_label(q)).collect();
    if list.len() > SHOWN {
        labels.push(pick(lang, format!("{} more", list.len() - SHOWN), format!("另外 {} 个", list.len() - SHOWN)));
    }
    match (lang, labels.len()) {
        (Lang::En | Lang::Pseudo, 0) => "none".into(),
        (Lang::Zh, 0) => "无".into(),
        (Lang::En | Lang::Pseudo, 1) => labels.remove(0),
        (Lang::En | Lang::Pseudo, n) => format!("{} and {}", labels[..n - 1].join(", "), labels[n - 1]),
        (Lang::Zh, _) => labels.join("、"),
    }
}

fn ids(list: &[String], lang: Lang) -> String {
    const SHOWN: usize = 12;
    let mut out: Vec<String> = list.iter().take(SHOWN).cloned().collect();
    if list.len() > SHOWN {
        out.push(pick(lang, format!("{} more", list.len() - SHOWN), format!("另外 {} 个", list.len() - SHOWN)));
    }
    out.join(if lang != Lang::Zh { ", " } else { "、" })
}

/// `10.0.0.11@101: 0, 1, 2; ...`, one entry per instance (at most 12).
fn per_instance(sim: &Simulation, lang: Lang) -> String {
    let mut parts: Vec<String> = (0..sim.instances.len().min(12))
        .map(|i| format!("{} → {}", sim.instances[i].client_id, queues(sim, &sim.taken(i), lang)))
        .collect();
    if sim.instances.len() > 12 {
        parts.push(pick(
            lang,
            format!("{} more", sim.instances.len() - 12),
            format!("另外 {} 个", sim.instances.len() - 12),
        ));
    }
    parts.join(if lang != Lang::Zh { "; " } else { "；" })
}

fn strategy_name(s: &Scenario) -> String {
    s.strategy.name().unwrap_or_else(|| "?".into())
}

fn counts(sim: &Simulation, lang: Lang) -> String {
    let sep = if lang != Lang::Zh { ", " } else { "、" };
    (0..sim.instances.len().min(12)).map(|i| sim.taken_count(i).to_string()).collect::<Vec<_>>().join(sep)
}

/// Whether the strategy deals queues by an instance's position in a sorted list (AVG, AVG_BY_CIRCLE,
/// MACHINE_ROOM, MACHINE_ROOM_NEARBY with one of those inside), as opposed to a ring or a configured list.
fn by_index(s: &Scenario) -> bool {
    matches!(
        s.strategy,
        Strategy::Avg
            | Strategy::AvgByCircle
            | Strategy::MachineRoom { .. }
            | Strategy::Nearby { inner: Inner::Avg | Inner::AvgByCircle, .. }
    )
}

/// Whether every instance computes for itself on the client, in CLUSTERING mode: what the lessons' words
/// describe first.
fn client_side(s: &Scenario) -> bool {
    s.model == MessageModel::Clustering && s.rebalance == Rebalance::Client
}

/// `AVG would give 2 each` / `2 to 3 each`, with integer division.
fn avg_would(m: usize, n: usize, lang: Lang) -> String {
    match (m.checked_div(n), n > 0 && m % n != 0) {
        (None, _) => pick(lang, "AVG would give nothing (no instance)".into(), "AVG 无从分配（没有实例）".into()),
        (Some(q), false) => pick(lang, format!("AVG would give {q} each"), format!("AVG 会每个分 {q} 个")),
        (Some(q), true) => {
            pick(lang, format!("AVG would give {q} to {} each", q + 1), format!("AVG 会每个分 {q} 到 {} 个", q + 1))
        }
    }
}

/// What the group is set to when it is not client-side CLUSTERING, in a sentence; `None` for the default.
fn mode_note(s: &Scenario, sim: &Simulation, lang: Lang) -> Option<String> {
    let strategy = strategy_name(s);
    let (m, n) = (sim.mq_all.len(), sim.instances.len());
    let served = matches!(s.strategy, Strategy::Avg | Strategy::AvgByCircle);
    if s.model == MessageModel::Broadcasting {
        return Some(pick(
            lang,
            format!("The group is set to BROADCASTING now: no strategy runs, and each of the {n} instances takes all {m} queues and gets every message."),
            format!("现在消费组设为广播模式（BROADCASTING）：不运行分配策略，{n} 个实例每个都消费全部 {m} 个队列，收到每一条消息。"),
        ));
    }
    let Rebalance::Broker { mode } = s.rebalance else { return None };
    let unserved = (!served).then(|| {
        pick(
            lang,
            format!(" The broker serves only AVG and AVG_BY_CIRCLE: for {strategy} it answers null, and every client keeps what it had (nothing, in this picture)."),
            format!("Broker 端只支持 AVG 和 AVG_BY_CIRCLE：对 {strategy} 返回 null，每个客户端保持原有队列（在这个画面里就是没有）。"),
        )
    });
    let mut out = match mode {
        RequestMode::Pull => pick(
            lang,
            format!("Rebalance is set to the broker now (clientRebalance = false, PULL): each client asks the broker, which sorts the same lists and runs {strategy} for it."),
            format!("现在设为 Broker 端负载均衡（clientRebalance = false，PULL）：每个客户端去问 Broker，由 Broker 用同样排序的列表替它运行 {strategy}。"),
        ),
        RequestMode::Pop { share } if share <= 0 || share as i64 >= n as i64 - 1 => pick(
            lang,
            format!("Rebalance is set to the broker in POP mode now, with popShareQueueNum = {share} (≤ 0 or ≥ N − 1): no strategy runs, every one of the {n} consumers pops all {m} queues, and the broker hands each message to one of them."),
            format!("现在设为 Broker 端 POP 模式，popShareQueueNum = {share}（≤ 0 或 ≥ N − 1）：不运行分配策略，{n} 个消费者每个都 pop 全部 {m} 个队列，Broker 把每条消息只交给其中一个。"),
        ),
        RequestMode::Pop { share } if n > m => pick(
            lang,
            format!("Rebalance is set to the broker in POP mode now (popShareQueueNum = {share}), with more consumers than queues: each consumer gets one queue, mqAll[k mod M], so several consumers pop one queue and the broker hands each message to one of them."),
            format!("现在设为 Broker 端 POP 模式（popShareQueueNum = {share}），且消费者多于队列：每个消费者分到一个队列 mqAll[k mod M]，于是几个消费者共同 pop 一个队列，Broker 把每条消息只交给其中一个。"),
        ),
        RequestMode::Pop { share } => pick(
            lang,
            format!("Rebalance is set to the broker in POP mode now (popShareQueueNum = {share}): each consumer pops its own share and the next {share} slot(s)' shares, so several consumers pop one queue and the broker hands each message to one of them."),
            format!("现在设为 Broker 端 POP 模式（popShareQueueNum = {share}）：每个消费者 pop 自己的那份，外加后面 {share} 个位置的份额，于是几个消费者共同 pop 一个队列，Broker 把每条消息只交给其中一个。"),
        ),
    };
    if let Some(u) = unserved {
        out.push_str(&u);
    }
    Some(out)
}

/// The instances that consume nothing in the picture.
fn idle_ids(sim: &Simulation) -> Vec<String> {
    (0..sim.instances.len()).filter(|&i| sim.taken_count(i) == 0).map(|i| sim.instances[i].client_id.clone()).collect()
}

/// A paragraph list with the mode note appended when the group is not client-side CLUSTERING.
fn with_mode(mut out: Vec<String>, s: &Scenario, sim: &Simulation, lang: Lang) -> Vec<String> {
    out.extend(mode_note(s, sim, lang));
    out
}

/// A lesson's title.
pub fn title(l: LessonId, lang: Lang) -> &'static str {
    let (en, zh) = match l {
        LessonId::HowItWorks => ("How client-side rebalance works", "客户端负载均衡是怎么算的"),
        LessonId::AvgVsCircle => ("AVG versus AVG_BY_CIRCLE", "AVG 与 AVG_BY_CIRCLE"),
        LessonId::Docker => ("The Docker host-network incident", "Docker host 网络事故"),
        LessonId::Idle => ("More consumers than queues", "消费者多于队列"),
        LessonId::ConsistentHash => ("Consistent hash", "一致性哈希"),
        LessonId::MachineRoom => ("Machine rooms", "多机房"),
        LessonId::SplitViews => ("Split views and mixed subscriptions", "视图不一致与订阅不一致"),
        LessonId::Kafka => ("How Kafka's leader-based assignment differs", "Kafka 的 Leader 分配有何不同"),
        LessonId::MixedClients => ("Mixed clients: Java and Go in one group", "混用客户端：同一消费组里的 Java 与 Go"),
    };
    lang.pick(en, zh)
}

/// One line under the title in the list.
pub fn summary(l: LessonId, lang: Lang) -> &'static str {
    let (en, zh) = match l {
        LessonId::HowItWorks => (
            "Every instance sorts mqAll and cidAll and picks its own queues; nobody checks the sum.",
            "每个实例各自排序 mqAll 和 cidAll，挑出自己的队列；没有人核对总和。",
        ),
        LessonId::AvgVsCircle => (
            "Blocks or dealt like cards, and why the first M mod N instances get more.",
            "连续分块还是轮流发牌，以及为什么前 M mod N 个实例多分一个。",
        ),
        LessonId::Docker => (
            "Same IP, same PID, same clientId: queues consumed more than once and queues piling up, then the fix.",
            "同 IP、同 PID、同 clientId：有的队列被重复消费，有的堆积；然后修复它。",
        ),
        LessonId::Idle => (
            "With pull consumers, instances beyond the queue count stand idle.",
            "拉取式消费时，超出队列数的实例只能空闲。",
        ),
        LessonId::ConsistentHash => (
            "Fewer moves on scale-out, uneven shares, colliding clientIds.",
            "扩容时迁移更少、份额不均、clientId 冲突。",
        ),
        LessonId::MachineRoom => {
            ("Local queues first; orphan rooms are shared.", "本机房队列优先；无人机房的队列大家分。")
        }
        LessonId::SplitViews => (
            "When instances see different groups, some queues are pulled by nobody.",
            "实例看到的消费组不一致时，有的队列没人拉取。",
        ),
        LessonId::Kafka => {
            ("One leader computes for all, with unique member ids.", "由一个 Leader 用唯一的成员 id 统一计算。")
        }
        LessonId::MixedClients => (
            "Every instance runs its own client's code: a Go ring and a Java ring disagree.",
            "每个实例运行自己客户端的代码：Go 的哈希环与 Java 的哈希环对不上。",
        ),
    };
    lang.pick(en, zh)
}

/// `Step 2 of 3`.
pub fn step_of(lang: Lang, step: usize, steps: usize) -> String {
    pick(lang, format!("Step {step} of {steps}"), format!("第 {step} 步，共 {steps} 步"))
}

/// `3 of 8 lessons done`.
pub fn progress(lang: Lang, done: usize, total: usize) -> String {
    pick(lang, format!("{done} of {total} lessons done"), format!("已完成 {done} / {total} 课"))
}

/// The title of a step.
pub fn step_title(l: LessonId, step: usize, lang: Lang) -> &'static str {
    use LessonId::*;
    let (en, zh) = match (l, step) {
        (HowItWorks, 1) => ("Every instance computes its own queues", "每个实例自己计算自己的队列"),
        (HowItWorks, 2) => ("Nobody checks the sum", "没有人核对总和"),
        (HowItWorks, _) => ("Your turn: move queue 0", "动手：把队列 0 挪过去"),
        (AvgVsCircle, 1) => ("AVG: contiguous blocks", "AVG：连续分块"),
        (AvgVsCircle, 2) => ("AVG_BY_CIRCLE: dealt like cards", "AVG_BY_CIRCLE：像发牌一样轮流分"),
        (AvgVsCircle, _) => ("Your turn: equal shares", "动手：让每个实例分得一样多"),
        (Docker, 1) => ("The incident", "事故现场"),
        (Docker, 2) => ("Why the clientIds collide", "clientId 为什么会相同"),
        (Docker, _) => ("Your turn: fix it", "动手：修复它"),
        (Idle, 1) => ("Instances with nothing to do", "无事可做的实例"),
        (Idle, _) => ("Your turn: keep everyone busy", "动手：让每个实例都有活干"),
        (ConsistentHash, 1) => ("A ring instead of blocks", "用哈希环代替分块"),
        (ConsistentHash, 2) => ("Fewer moves when an instance joins", "实例加入时迁移更少"),
        (ConsistentHash, 3) => ("Duplicate clientIds collide on the ring", "重复的 clientId 在环上重叠"),
        (ConsistentHash, _) => ("Your turn: even out the ring", "动手：让哈希环更均匀"),
        (MachineRoom, 1) => ("Local queues first, orphan rooms shared", "本机房优先，无人机房共享"),
        (MachineRoom, _) => ("Your turn: serve a room locally", "动手：让机房就近消费"),
        (SplitViews, 1) => ("A stale view: queues pulled more than once", "过期视图：队列被重复拉取"),
        (SplitViews, _) => {
            ("Your turn: find the queues nobody pulls, then fix the group", "动手：找出没人拉取的队列，再修好消费组")
        }
        (Kafka, 1) => ("One leader, unique member ids", "一个 Leader，唯一的成员 id"),
        (Kafka, _) => ("Your turn: assign like Kafka", "动手：像 Kafka 一样分配"),
        (MixedClients, 1) => ("One cidAll, two codes", "同一个 cidAll，两套代码"),
        (MixedClients, _) => ("Your turn: make the mixed group healthy", "动手：让混用客户端的消费组恢复正常"),
    };
    lang.pick(en, zh)
}

/// The narrative of a step, paragraph by paragraph, from the live scenario and simulation.
pub fn step_text(l: LessonId, step: usize, s: &Scenario, sim: &Simulation, lang: Lang) -> Vec<String> {
    use LessonId::*;
    let m = sim.mq_all.len();
    let n = sim.instances.len();
    let strategy = strategy_name(s);
    match (l, step.min(l.steps())) {
        (HowItWorks, 1) => {
            let mut out = vec![pick(
                lang,
                format!("With client-side rebalance (the default) there is no coordinator. Every consumer instance, on its own (every 20 seconds and whenever the group changes), reads the topic's queues from its local route table (kept up to date from the name server in the background), fetches the clientIds of its group from one broker, and builds two lists: mqAll, the {m} queues sorted by broker name then queue id, and cidAll, the {n} clientIds sorted as strings. Then it runs the strategy ({strategy}) for itself and keeps only its own result."),
                format!("在客户端负载均衡（默认方式）下没有协调者。每个消费实例各自（每 20 秒一次，或组成员变化时）从本地的路由表读出 Topic 的队列（路由表在后台从 NameServer 更新），向一个 Broker 拉取本组的 clientId，组成两个列表：mqAll 是 {m} 个队列，按 Broker 名和队列号排序；cidAll 是 {n} 个 clientId，按字符串排序。然后它独自运行分配策略（{strategy}），只保留属于自己的结果。"),
            )];
            out.push(pick(
                lang,
                format!("Sorted, cidAll is: {}. An instance's slot is its position in that sorted list, not the line you typed it on.", ids(&sim.cid_all, lang)),
                format!("排序后的 cidAll 为：{}。实例的下标是它在排序后列表中的位置，而不是你输入时的行号。", ids(&sim.cid_all, lang)),
            ));
            if let Some(first) = sim.instances.first() {
                let taken = queues(sim, &sim.taken(0), lang);
                out.push(if by_index(s) && client_side(s) {
                    pick(
                        lang,
                        format!("{} is on line 1 of the client list but sits at slot {}, so under {strategy} its queues are {taken}. Reorder the lines: the slots and the queues stay the same.", first.client_id, first.slot),
                        format!("{} 写在客户端列表第 1 行，但它的下标是 {}，所以在 {strategy} 下分到队列 {taken}。试着调换行的顺序：下标和队列都不会变。", first.client_id, first.slot),
                    )
                } else {
                    pick(
                        lang,
                        format!("{} is on line 1 of the client list but sits at slot {}; under {strategy} as set now it takes {taken}. Reorder the lines: nothing changes, because every list is sorted first.", first.client_id, first.slot),
                        format!("{} 写在客户端列表第 1 行，但它的下标是 {}；按现在的设置（{strategy}）它分到 {taken}。试着调换行的顺序：什么都不会变，因为所有列表都先排序。", first.client_id, first.slot),
                    )
                });
            }
            with_mode(out, s, sim, lang)
        }
        (HowItWorks, 2) => {
            let mut out = vec![pick(
                lang,
                "Each instance keeps only the queues it computed for itself. Nobody adds the picks up: when two instances compute with the same clientId, or with different lists, the group ends up with queues consumed more than once or not at all, and nothing complains.".into(),
                "每个实例只保留自己算出的队列，没有人把大家的结果加起来核对：当两个实例用同一个 clientId 计算，或用了不同的列表，就会有队列被重复消费或没人消费，而且不会有任何报错。".into(),
            )];
            out.push(sum_sentence(sim, lang));
            with_mode(out, s, sim, lang)
        }
        (HowItWorks, _) => {
            let mut out = vec![pick(
                lang,
                format!("AVG gives each slot a block of queues, and slot 0's block starts at the first queue, {}. With {n} instances and {m} queues under {strategy}:", first_queue(sim, lang)),
                format!("AVG 给每个下标分一块连续的队列，下标 0 的块从第一个队列 {} 开始。{n} 个实例、{m} 个队列、策略为 {strategy} 时：", first_queue(sim, lang)),
            )];
            out.push(per_instance(sim, lang));
            if let Some(third) = sim.instances.get(2) {
                let taken = queues(sim, &sim.taken(2), lang);
                out.push(pick(
                    lang,
                    format!("Line 3, {}, sits at slot {} and takes {taken}.", third.client_id, third.slot),
                    format!("第 3 行 {} 的下标是 {}，分到 {taken}。", third.client_id, third.slot),
                ));
            }
            with_mode(out, s, sim, lang)
        }
        (AvgVsCircle, 1) | (AvgVsCircle, 2) if n > 0 => {
            let (q, r) = (m / n, m % n);
            let live = if matches!(s.strategy, Strategy::Avg) && step == 1
                || matches!(s.strategy, Strategy::AvgByCircle) && step == 2
            {
                pick(lang, format!("That is what you see: {}.", per_instance(sim, lang)), format!("这正是你看到的：{}。", per_instance(sim, lang)))
            } else {
                pick(
                    lang,
                    format!("The strategy is {strategy} now, which gives: {}.", per_instance(sim, lang)),
                    format!("现在的策略是 {strategy}，分配结果：{}。", per_instance(sim, lang)),
                )
            };
            let remainder = if r == 0 {
                pick(
                    lang,
                    format!("{m} mod {n} = 0: nothing is left over, so every slot gets the same."),
                    format!("{m} mod {n} = 0：没有余数，每个下标分得一样多。"),
                )
            } else {
                pick(
                    lang,
                    format!("The first {m} mod {n} = {r} slot(s) of cidAll get one more ({}), because the remainder has to go somewhere and both start at slot 0.", q + 1),
                    format!("cidAll 中前 {m} mod {n} = {r} 个下标再多分一个（共 {} 个）：余数总要有人拿，而两者都从下标 0 开始。", q + 1),
                )
            };
            let mut out = if step == 1 {
                vec![
                    pick(
                        lang,
                        format!("AVG and AVG_BY_CIRCLE both give each of the {n} slots of cidAll {m} ÷ {n} = {q} queues (integer division). {remainder} Queues per instance now: {}.", counts(sim, lang)),
                        format!("AVG 和 AVG_BY_CIRCLE 都让 cidAll 的 {n} 个下标各分 {m} ÷ {n} = {q} 个队列（整数除法）。{remainder}现在每个实例的队列数：{}。", counts(sim, lang)),
                    ),
                    pick(lang, format!("AVG cuts contiguous blocks, slot 0 first. {live}"), format!("AVG 切出连续的块，从下标 0 开始。{live}")),
                ]
            } else {
                vec![
                    pick(
                        lang,
                        format!("AVG_BY_CIRCLE deals queue 0 to slot 0, queue 1 to slot 1, and so on round the group: slot k takes queues k, k + {n}, k + 2 × {n}, …, so each instance's queues are spread out, one every {n} queues, where AVG's are one block. {live}"),
                        format!("AVG_BY_CIRCLE 把队列 0 发给下标 0，队列 1 发给下标 1，依次轮流：下标 k 取队列 k、k + {n}、k + 2 × {n} ……，所以每个实例的队列是每隔 {n} 个取一个，而 AVG 的是连续一块。{live}"),
                    ),
                    pick(
                        lang,
                        format!("The counts are those of step 1: {m} ÷ {n} = {q} each (integer division), and the first {m} mod {n} = {r} slot(s) one more; only which queues differ."),
                        format!("数量与第 1 步相同：每个 {m} ÷ {n} = {q} 个（整数除法），前 {m} mod {n} = {r} 个下标再多一个；只是分到哪些队列不同。"),
                    ),
                ]
            };
            out = with_mode(out, s, sim, lang);
            out
        }
        (AvgVsCircle, _) => {
            let (min, max) = sim.load_range();
            let range = if min == max {
                pick(lang, format!("{max} each"), format!("每个 {max} 个"))
            } else {
                pick(lang, format!("from {min} to {max} each"), format!("每个 {min} 到 {max} 个"))
            };
            let r = if n > 0 { m % n } else { 0 };
            let extra = if n == 0 {
                String::new()
            } else if r == 0 {
                pick(
                    lang,
                    format!(" Under AVG and AVG_BY_CIRCLE, {m} mod {n} = 0: no slot gets an extra queue."),
                    format!("在 AVG 和 AVG_BY_CIRCLE 下，{m} mod {n} = 0：没有下标多分队列。"),
                )
            } else {
                pick(
                    lang,
                    format!(" Under AVG and AVG_BY_CIRCLE, the first {m} mod {n} = {r} slot(s) of cidAll take one queue more."),
                    format!("在 AVG 和 AVG_BY_CIRCLE 下，cidAll 中前 {m} mod {n} = {r} 个下标多分一个队列。"),
                )
            };
            with_mode(
                vec![pick(
                    lang,
                    format!("Right now {n} instances share {m} queues under {strategy}: {range} ({}).{extra}", counts(sim, lang)),
                    format!("现在 {n} 个实例在 {strategy} 下分 {m} 个队列：{range}（{}）。{extra}", counts(sim, lang)),
                )],
                s,
                sim,
                lang,
            )
        }
        (Docker, 1) => {
            let mut out = vec![pick(
                lang,
                format!("Consumer containers run with RocketMQ 4.7.1 on the host network. The group has {n} instances and the topic {m} queues under {strategy}."),
                format!("消费者容器使用 RocketMQ 4.7.1，运行在 host 网络上。消费组有 {n} 个实例，Topic 有 {m} 个队列，策略为 {strategy}。"),
            )];
            out.push(sum_sentence(sim, lang));
            with_mode(out, s, sim, lang)
        }
        (Docker, 2) => with_mode(
            vec![
                pick(
                    lang,
                    "A clientId is IP@instanceName. Up to 4.8 the client walks the network interfaces in the JDK's order and takes the first IPv4 address that does not start with 127.0 or 192.168, or the last IPv4 address if none qualifies. On the host network every container sees the host's interfaces, and docker0's 172.17.0.1 qualifies: when docker0 comes first in that order, as it commonly does, every container picks it. The instanceName DEFAULT is replaced by the process id, and a container's JVM often has the same small PID in every container. Same IP, same PID: the same clientId.".into(),
                    "clientId 的格式是 IP@instanceName。4.8 及以前，客户端按 JDK 给出的顺序遍历网卡，取第一个不以 127.0 或 192.168 开头的 IPv4 地址；如果没有符合的，取最后一个 IPv4 地址。在 host 网络下每个容器看到的都是宿主机的网卡，docker0 的 172.17.0.1 符合条件：当 docker0 排在最前面时（这很常见），每个容器都会选中它。instanceName 默认为 DEFAULT，会被替换成进程号，而各个容器里 JVM 的 PID 往往是同一个小数字。同 IP、同 PID，于是 clientId 相同。".into(),
                ),
                shared_sentence(sim, lang),
                pick(
                    lang,
                    "Open “ClientId builder” on the left: pick a version and see the clientId each container would report.".into(),
                    "展开左侧的 clientId 生成器：选择版本，看看每个容器会上报什么 clientId。".into(),
                ),
            ],
            s,
            sim,
            lang,
        ),
        (Docker, _) => with_mode(
            vec![pick(
                lang,
                format!("Now: {}. The fix is a unique clientId per process: a unique instanceName (setInstanceName, or -Drocketmq.client.name), or a client of 4.9.0 or later, which skips bridge interfaces such as docker0 and appends #nanoTime to the PID.", headline_part(sim, lang)),
                format!("现状：{}。修复方法是让每个进程的 clientId 唯一：设置唯一的 instanceName（setInstanceName 或 -Drocketmq.client.name），或使用 4.9.0 及以上的客户端，它会跳过 docker0 等网桥网卡，并在 PID 后追加 #nanoTime。", headline_part(sim, lang)),
            )],
            s,
            sim,
            lang,
        ),
        (Idle, _) => {
            let idle = idle_ids(sim);
            let who = if idle.is_empty() { pick(lang, "none".into(), "无".into()) } else { ids(&idle, lang) };
            let pull = s.model == MessageModel::Clustering
                && !matches!(s.rebalance, Rebalance::Broker { mode: RequestMode::Pop { .. } });
            let rule = if pull {
                pick(
                    lang,
                    "With pull consumers (client-side rebalance, or the broker's PULL), every strategy but CONFIG gives a queue to at most one clientId of the group.".into(),
                    "对拉取式消费者（客户端负载均衡，或 Broker 端 PULL）来说，除 CONFIG 外的每个策略都把一个队列最多只分给组里的一个 clientId。".into(),
                )
            } else {
                String::new()
            };
            let mut first = pick(
                lang,
                format!("{rule} {m} queues for {n} instances leave {} instance(s) without a queue ({who}).", idle.len()),
                format!("{rule}{n} 个实例对应 {m} 个队列：有 {} 个实例分不到队列（{who}）。", idle.len()),
            );
            if !idle.is_empty() {
                first.push_str(&pick(
                    lang,
                    " They stand idle: they still hold connections and would take over if another instance died, but they add no throughput.".into(),
                    "它们只能空闲：仍然保持连接，别的实例宕机时可以接手，但不会增加吞吐。".into(),
                ));
            }
            let mut out = vec![first.trim_start().to_string()];
            if step >= 2 && pull && n > 0 {
                let mut per: Vec<String> = vec![];
                for st in strategies_for(s).into_iter().filter(|st| !matches!(st, Strategy::Config { .. })) {
                    let t = Scenario { strategy: st.clone(), ..s.clone() };
                    let other = simulate(&t);
                    per.push(format!("{} {}", st.name().unwrap_or_default(), idle_ids(&other).len()));
                }
                let sep = if lang != Lang::Zh { ", " } else { "、" };
                out.push(pick(
                    lang,
                    format!("Switching the strategy does not help: with at most one clientId per queue, at most {m} of the group's clientIds can have a queue, however the queues are dealt, and a ring may leave even more idle. Idle instances per strategy here: {}.", per.join(sep)),
                    format!("换策略也没用：每个队列最多一个 clientId，组里最多只有 {m} 个 clientId 能分到队列，不管怎么分；哈希环甚至可能让更多实例空闲。这里各策略下的空闲实例数：{}。", per.join(sep)),
                ));
            }
            with_mode(out, s, sim, lang)
        }
        (ConsistentHash, 1) => {
            let (min, max) = sim.load_range();
            let hash = matches!(s.strategy, Strategy::ConsistentHash { .. });
            let shares = if hash {
                pick(
                    lang,
                    format!("Where the hashes land decides the shares: here {m} queues over {n} instances give from {min} to {max} each ({}). {}; step 4 shows a ring far less even.", per_instance(sim, lang), avg_would(m, n, lang)),
                    format!("哈希落点决定份额：这里 {m} 个队列分给 {n} 个实例，每个 {min} 到 {max} 个（{}）。{}；第 4 步会看到一个不均匀得多的环。", per_instance(sim, lang), avg_would(m, n, lang)),
                )
            } else {
                pick(
                    lang,
                    format!("The strategy is {strategy} now, not CONSISTENT_HASH: {m} queues over {n} instances give from {min} to {max} each ({}). Switch back to see the ring's shares.", per_instance(sim, lang)),
                    format!("现在的策略是 {strategy}，不是 CONSISTENT_HASH：{m} 个队列分给 {n} 个实例，每个 {min} 到 {max} 个（{}）。切换回来即可看到哈希环的份额。", per_instance(sim, lang)),
                )
            };
            with_mode(
                vec![
                    pick(
                        lang,
                        format!("CONSISTENT_HASH puts {} virtual nodes per clientId on a hash ring (in the Java client, the MD5 of clientId-0, clientId-1, ...). Each queue goes to the first node at or after the hash of its name, wrapping round. No blocks, no slots: who gets what depends on the hashes.", vnodes(s)),
                        format!("CONSISTENT_HASH 为每个 clientId 在哈希环上放 {} 个虚拟节点（Java 客户端中是 clientId-0、clientId-1……的 MD5）。每个队列交给环上哈希值大于或等于其名字哈希的第一个节点，到末尾则绕回开头。没有分块，也没有下标：谁分到什么取决于哈希值。", vnodes(s)),
                    ),
                    shares,
                ],
                s,
                sim,
                lang,
            )
        }
        (ConsistentHash, 2) => {
            let joiner = joiner_id(s);
            let list: Vec<Strategy> = strategies_for(s).into_iter().take(3).collect();
            let moves = moves_per_strategy(s, &Change::Join(joiner.clone()), &list);
            let of = |name: &str| {
                moves.iter().find(|(st, _)| st.name().as_deref() == Some(name)).map(|(_, k)| *k).unwrap_or(0)
            };
            let (avg, circle, ring) = (of("AVG"), of("AVG_BY_CIRCLE"), of("CONSISTENT_HASH"));
            with_mode(
                vec![
                    pick(
                        lang,
                        format!("When one more instance, {joiner}, joins this group of {n} on {m} queues, the ring moves {ring} queue(s): only those its new nodes take over. AVG would move {avg} and AVG_BY_CIRCLE {circle}, because N goes from {n} to {}: AVG cuts blocks of a new size and AVG_BY_CIRCLE deals modulo {} instead of {n}, so queues move between instances that were already there, wherever the newcomer sorts.", n + 1, n + 1),
                        format!("当第 {} 个实例 {joiner} 加入这 {n} 个实例、{m} 个队列的组时，哈希环只迁移 {ring} 个队列：仅仅是新节点接管的那些。AVG 会迁移 {avg} 个，AVG_BY_CIRCLE 会迁移 {circle} 个，因为 N 从 {n} 变成 {}：AVG 按新的大小切块，AVG_BY_CIRCLE 改为对 {} 取模，于是原有实例之间也会互相迁移队列，不论新成员排在哪里。", n + 1, n + 1, n + 1),
                    ),
                    pick(
                        lang,
                        "A moved queue is paused while one instance drops it and another picks it up, and may be consumed twice around the switch. Fewer moves mean a calmer rebalance. Open “Watch a rebalance” under Explore further to step through it.".into(),
                        "被迁移的队列在旧实例释放、新实例接手之间会暂停消费，交接前后还可能重复消费。迁移越少，负载均衡越平稳。可在下方“深入探索”中打开“观察一次重新分配”逐步查看。".into(),
                    ),
                ],
                s,
                sim,
                lang,
            )
        }
        (ConsistentHash, 3) => {
            let collisions = sim.findings.iter().find_map(|f| match f {
                Finding::RingCollisions { count } => Some(*count),
                _ => None,
            });
            let mut out = vec![shared_sentence(sim, lang)];
            let dup = sim.instances.iter().find(|i| i.copies > 1);
            out.push(match (&s.strategy, dup) {
                (Strategy::ConsistentHash { virtual_nodes: v }, Some(d)) if *v > 0 => pick(
                    lang,
                    format!("On the ring, a repeated clientId is not the same virtual nodes twice: each copy adds the id's nodes again with the next replica numbers ({id}-{v} to {id}-{} for the second copy), so {id} owns a larger part of the ring, and every copy takes the queues routed to it. Unlike AVG, nothing is starved by it ({} queue(s) without a consumer): the ring knows {} distinct clientIds, and every queue finds a node.", 2 * v - 1, sim.starved.len(), distinct(sim), id = d.client_id),
                    format!("在哈希环上，重复的 clientId 并不是把同样的虚拟节点放两次：每个副本都以接下来的副本编号再放一组节点（第二个副本是 {id}-{v} 到 {id}-{}），于是 {id} 占了环上更大的一部分，每个副本都分到落在它节点上的队列。与 AVG 不同，这不会造成无人消费的队列（{} 个无人消费）：环上有 {} 个不同的 clientId，每个队列都能找到节点。", 2 * v - 1, sim.starved.len(), distinct(sim), id = d.client_id),
                ),
                (Strategy::ConsistentHash { virtual_nodes: 0 }, _) => pick(
                    lang,
                    format!("With 0 virtual nodes the ring is empty: every one of the {m} queues is without a consumer ({} now).", sim.starved.len()),
                    format!("虚拟节点数为 0 时哈希环是空的：{m} 个队列全都无人消费（现在 {} 个）。", sim.starved.len()),
                ),
                (Strategy::ConsistentHash { .. }, _) => pick(
                    lang,
                    format!("No clientId is repeated now: the ring knows {} distinct clientIds and there are {} queue(s) without a consumer.", distinct(sim), sim.starved.len()),
                    format!("现在没有重复的 clientId：环上有 {} 个不同的 clientId，{} 个队列无人消费。", distinct(sim), sim.starved.len()),
                ),
                _ => pick(
                    lang,
                    format!("The strategy is {strategy} now, not CONSISTENT_HASH: there are {} queue(s) without a consumer. Switch back to see what the ring does with a repeated clientId.", sim.starved.len()),
                    format!("现在的策略是 {strategy}，不是 CONSISTENT_HASH：{} 个队列无人消费。切换回来，看看哈希环如何对待重复的 clientId。", sim.starved.len()),
                ),
            });
            if matches!(s.strategy, Strategy::ConsistentHash { .. }) {
                out.push(match collisions {
                    Some(c) => pick(
                        lang,
                        format!("Besides, {c} virtual node(s) hit the 32-bit hash of another node; the later one wins."),
                        format!("此外还有 {c} 个虚拟节点的 32 位哈希与其他节点相撞，后写入的覆盖先写入的。"),
                    ),
                    None => pick(
                        lang,
                        "Different clientIds can collide too: two virtual nodes whose 32-bit hashes are equal. The diagnosis names it when it happens; here no virtual node collided.".into(),
                        "不同的 clientId 也可能相撞：两个虚拟节点的 32 位哈希值相等。发生时诊断会指出；这里没有虚拟节点相撞。".into(),
                    ),
                });
            }
            with_mode(out, s, sim, lang)
        }
        (ConsistentHash, _) => {
            let (min, max) = sim.load_range();
            let text = if matches!(s.strategy, Strategy::ConsistentHash { .. }) {
                pick(
                    lang,
                    format!("With {} virtual nodes per clientId, {m} queues over {n} instances give from {min} to {max} each ({}). {}. More virtual nodes usually smooth the ring, but not always: the shares jump as nodes land.", vnodes(s), counts(sim, lang), avg_would(m, n, lang)),
                    format!("每个 clientId {} 个虚拟节点时，{m} 个队列分给 {n} 个实例，每个 {min} 到 {max} 个（{}）。{}。虚拟节点越多，环通常越均匀，但并不总是如此：节点落点不同，份额就会跳变。", vnodes(s), counts(sim, lang), avg_would(m, n, lang)),
                )
            } else {
                pick(
                    lang,
                    format!("The strategy is {strategy} now, not CONSISTENT_HASH: {m} queues over {n} instances give from {min} to {max} each ({}). {}.", counts(sim, lang), avg_would(m, n, lang)),
                    format!("现在的策略是 {strategy}，不是 CONSISTENT_HASH：{m} 个队列分给 {n} 个实例，每个 {min} 到 {max} 个（{}）。{}。", counts(sim, lang), avg_would(m, n, lang)),
                )
            };
            with_mode(vec![text], s, sim, lang)
        }
        (MachineRoom, _) => {
            let sep = match s.strategy {
                Strategy::Nearby { separator, .. } => separator.to_string(),
                _ => "@".into(),
            };
            let how = match &s.strategy {
                Strategy::Nearby { .. } => pick(
                    lang,
                    "MACHINE_ROOM_NEARBY gives each room's queues to the consumers of the same room, split by its inner strategy. A room with queues but no consumer is an orphan: its queues are dealt to every consumer of the group.".into(),
                    "MACHINE_ROOM_NEARBY 把每个机房的队列交给同机房的消费者，由内部策略分配；有队列却没有消费者的机房是“孤儿机房”，它的队列分给组里所有消费者。".into(),
                ),
                Strategy::MachineRoom { .. } => pick(
                    lang,
                    "MACHINE_ROOM is another strategy: it needs no resolver, it splits each broker name at “@” itself, takes only the queues of the rooms in its list and deals them over the whole group, wherever the consumers are; clientIds are not read.".into(),
                    "MACHINE_ROOM 是另一个策略：它不需要解析器，自己在“@”处切分 Broker 名，只取其列表中机房的队列，分给整个组，不管消费者在哪个机房；它不读取 clientId。".into(),
                ),
                _ => pick(
                    lang,
                    format!("{strategy} does not look at rooms at all: switch back to MACHINE_ROOM_NEARBY to see them matter."),
                    format!("{strategy} 完全不看机房：切换回 MACHINE_ROOM_NEARBY 才能看到机房的作用。"),
                ),
            };
            let mut out = vec![pick(
                lang,
                format!("The strategy here is {strategy}. RocketMQ ships no machine-room resolver, only the interface MACHINE_ROOM_NEARBY calls: every application supplies its own. This playground's resolver reads the room from the prefix before “{sep}” in broker names and clientIds (the whole name when there is none). {how}"),
                format!("当前策略为 {strategy}。RocketMQ 没有自带机房解析器，只提供 MACHINE_ROOM_NEARBY 调用的接口，由各应用自己实现。本演示的解析器从 Broker 名和 clientId 中“{sep}”之前的前缀读出机房（没有“{sep}”时取整个名字）。{how}"),
            )];
            let mut rooms: Vec<String> = vec![];
            for b in &s.brokers {
                let r = room_of(s, &b.broker_name);
                if !rooms.contains(&r) {
                    rooms.push(r);
                }
            }
            let owners = crate::group::lessons::owners(sim);
            for r in rooms.iter().take(6) {
                let qs: Vec<usize> = (0..m).filter(|&q| room_of(s, &sim.mq_all[q].broker_name) == *r).collect();
                let local = sim.instances.iter().filter(|i| room_of(s, &i.client_id) == *r).count();
                let mut by: Vec<String> = vec![];
                for &q in &qs {
                    for &i in &owners[q] {
                        let id = sim.instances[i].client_id.clone();
                        if !by.contains(&id) {
                            by.push(id);
                        }
                    }
                }
                out.push(pick(
                    lang,
                    format!("Room {r}: {} queue(s), {local} local consumer(s); consumed by {}.", qs.len(), if by.is_empty() { "nobody".into() } else { ids(&by, lang) }),
                    format!("机房 {r}：{} 个队列，{local} 个本机房消费者；由 {} 消费。", qs.len(), if by.is_empty() { "无人".into() } else { ids(&by, lang) }),
                ));
            }
            with_mode(out, s, sim, lang)
        }
        (SplitViews, 1) => {
            let groups = view_groups(s);
            let sizes: Vec<String> = groups.iter().map(|g| g.cid_all.len().to_string()).collect();
            vec![
                pick(
                    lang,
                    format!("Every instance computes with what it was told. Here the instances hold {} different view(s) of the group, with {} clientIds: some asked a broker that has not yet seen the newest member's heartbeat.", groups.len(), sizes.join(" / ")),
                    format!("每个实例都按自己得到的信息计算。这里实例们持有 {} 种不同的组视图，分别有 {} 个 clientId：有的实例询问的 Broker 还没收到最新成员的心跳。", groups.len(), sizes.join(" / ")),
                ),
                pick(
                    lang,
                    format!("Computed with different lists, the picks do not add up: {} queue(s) are pulled more than once ({}) and {} by nobody ({}), until the views agree at a later rebalance. The “Split views” tab under Explore further shows each view.", sim.overlapped.len(), queues(sim, &sim.overlapped, lang), sim.starved.len(), queues(sim, &sim.starved, lang)),
                    format!("用不同的列表计算，结果就对不上：{} 个队列被重复拉取（{}），{} 个无人拉取（{}），直到之后某次重平衡视图一致。下方“深入探索”的“视图不一致”标签页列出了每种视图。", sim.overlapped.len(), queues(sim, &sim.overlapped, lang), sim.starved.len(), queues(sim, &sim.starved, lang)),
                ),
            ]
        }
        (SplitViews, _) => {
            let skipping: Vec<String> =
                s.instances.iter().filter(|i| i.skips_topic).map(|i| i.client_id.clone()).collect();
            let first = if skipping.is_empty() {
                pick(
                    lang,
                    format!("Every one of the {n} instances now subscribes to {}: the {m} queues are dealt over {n} slot(s), and {} queue(s) are pulled by nobody ({}).", s.topic, sim.starved.len(), queues(sim, &sim.starved, lang)),
                    format!("现在 {n} 个实例都订阅了 {}：{m} 个队列分给 {n} 个下标，无人拉取的队列有 {} 个（{}）。", s.topic, sim.starved.len(), queues(sim, &sim.starved, lang)),
                )
            } else {
                pick(
                    lang,
                    format!("Now the views agree, but the group has instances that do not subscribe to {}: {}, {} of the {n}. The broker lists the group's clients, not the topic's, so they are in everyone's cidAll: slots are dealt to them, and they never pull those queues. The {m} queues are computed by {} subscribed instance(s).", s.topic, ids(&skipping, lang), skipping.len(), n - skipping.len()),
                    format!("现在视图一致了，但组里有实例没有订阅 {}：{}，占 {n} 个实例中的 {} 个。Broker 返回的是组里的客户端而不是订阅该 Topic 的客户端，所以它们出现在所有人的 cidAll 中：下标照样分给它们，而它们从不拉取这些队列。{m} 个队列由 {} 个订阅了的实例计算。", s.topic, ids(&skipping, lang), skipping.len(), n - skipping.len()),
                )
            };
            vec![
                first,
                pick(
                    lang,
                    format!("RocketMQ expects every consumer of a group to subscribe to the same topics. The fix is to make the subscriptions consistent: subscribe the other instances to {} too, or move them to a group of their own.", s.topic),
                    format!("RocketMQ 要求同一消费组的所有消费者订阅相同的 Topic。修复办法是让订阅一致：让其他实例也订阅 {}，或者把它们移到单独的消费组。", s.topic),
                ),
            ]
        }
        (Kafka, 1) => {
            let lanes = contrast::single_topic(s);
            let kafka = |f: fn(&Vec<usize>) -> bool| -> usize {
                lanes.iter().filter(|l| l.name.starts_with("Kafka")).map(|l| l.owners.iter().filter(|o| f(o)).count()).sum()
            };
            let (ro, rs) = (sim.overlapped.len(), sim.starved.len());
            let (ko, ks) = (kafka(|o| o.len() >= 2), kafka(|o| o.is_empty()));
            vec![
                pick(
                    lang,
                    "In Kafka, one consumer, the group leader, computes the whole assignment and the coordinator hands each member its part: one computation, one answer. Members are keyed by member ids the coordinator makes unique (client.id plus a UUID), so two processes with the same client.id are still two members.".into(),
                    "在 Kafka 中，由一个消费者（组 Leader）计算整个分配方案，再由协调者把各自的部分发给每个成员：一次计算，一个答案。成员以协调者生成的唯一 member id（client.id 加 UUID）区分，所以两个 client.id 相同的进程仍然是两个成员。".into(),
                ),
                pick(
                    lang,
                    format!("On this group ({n} instances, {m} queues), RocketMQ {strategy} has {ro} queue(s) consumed more than once and {rs} with no consumer; Kafka's four assignors together have {ko} and {ks}. See “Kafka and Pulsar” under Explore further."),
                    format!("在这个组上（{n} 个实例，{m} 个队列），RocketMQ {strategy} 有 {ro} 个队列被重复消费、{rs} 个无人消费；Kafka 的四种分配器合计为 {ko} 和 {ks}。详见下方“深入探索”中的“Kafka 与 Pulsar”。"),
                ),
            ]
        }
        (MixedClients, 1) => {
            let go: Vec<String> =
                s.instances.iter().filter(|i| i.client.byte_order()).map(|i| i.client_id.clone()).collect();
            let java: Vec<String> =
                s.instances.iter().filter(|i| !i.client.byte_order()).map(|i| i.client_id.clone()).collect();
            vec![
                pick(
                    lang,
                    format!("The broker hands every instance the same cidAll, but each computes its queues with its own client library. Here {} run{} the Go client and {} the Java client, all on {strategy}.", ids(&go, lang), if go.len() == 1 { "s" } else { "" }, ids(&java, lang)),
                    format!("Broker 给每个实例的 cidAll 都一样，但每个实例用自己的客户端库计算队列。这里 {} 运行 Go 客户端，{} 运行 Java 客户端，策略都是 {strategy}。", ids(&go, lang), ids(&java, lang)),
                ),
                pick(
                    lang,
                    format!("The Go client's CONSISTENT_HASH is not Java's: it hashes \"<i><clientId>\" with CRC32 and gives a queue to the first node strictly after its hash, where Java hashes \"<clientId>-<i>\" with MD5 and takes the first node at or after it. Two rings from one cidAll: {} queue(s) are consumed by more than one instance ({}) and {} by none ({}), although every clientId is unique.", sim.overlapped.len(), queues(sim, &sim.overlapped, lang), sim.starved.len(), queues(sim, &sim.starved, lang)),
                    format!("Go 客户端的 CONSISTENT_HASH 与 Java 的不同：它对 “<i><clientId>” 取 CRC32，把队列交给哈希值严格大于它的第一个节点；Java 则对 “<clientId>-<i>” 取 MD5，取大于或等于它的第一个节点。同一个 cidAll 得到两个环：{} 个队列被不止一个实例消费（{}），{} 个无人消费（{}），尽管每个 clientId 都是唯一的。", sim.overlapped.len(), queues(sim, &sim.overlapped, lang), sim.starved.len(), queues(sim, &sim.starved, lang)),
                ),
            ]
        }
        (MixedClients, _) => vec![pick(
            lang,
            format!("Each instance's client is set in “{}”, the last box of the editors. Now {n} instances share {m} queues under {strategy}: {}.", Key::ViewsTitle.t(lang), per_instance(sim, lang)),
            format!("每个实例的客户端在编辑器最后一栏“{}”中设置。现在 {n} 个实例在 {strategy} 下分 {m} 个队列：{}。", Key::ViewsTitle.t(lang), per_instance(sim, lang)),
        )],
        (Kafka, _) => vec![pick(
            lang,
            format!("With unique ids sorted the same way, the Kafka assignors and RocketMQ's strategies meet: range cuts blocks like AVG, roundrobin deals partitions like cards. Here {n} instances share {m} queues under {strategy}: {}.", per_instance(sim, lang)),
            format!("当 id 唯一且排序方式相同时，Kafka 的分配器与 RocketMQ 的策略殊途同归：range 像 AVG 一样切块，roundrobin 像发牌一样轮流分。这里 {n} 个实例在 {strategy} 下分 {m} 个队列：{}。", per_instance(sim, lang)),
        )],
    }
}

fn vnodes(s: &Scenario) -> i32 {
    match s.strategy {
        Strategy::ConsistentHash { virtual_nodes } => virtual_nodes,
        _ => 10,
    }
}

fn distinct(sim: &Simulation) -> usize {
    let mut ids: Vec<&str> = sim.cid_all.iter().map(String::as_str).collect();
    ids.dedup();
    ids.len()
}

fn first_queue(sim: &Simulation, lang: Lang) -> String {
    if sim.mq_all.is_empty() {
        pick(lang, "(there is none)".into(), "（没有队列）".into())
    } else {
        sim.queue_label(0)
    }
}

/// `3 queues consumed more than once (1, 4 and 7) and 2 by nobody (2 and 5)` (and how many are shared by
/// design, when some are), or that every queue has one consumer.
fn headline_part(sim: &Simulation, lang: Lang) -> String {
    let (o, st, sh) = (&sim.overlapped, &sim.starved, &sim.shared);
    if o.is_empty() && st.is_empty() && !sim.mq_all.is_empty() && sim.consumers.iter().all(|&c| c == 1) {
        return pick(
            lang,
            format!("every one of the {} queues has exactly one consumer", sim.mq_all.len()),
            format!("{} 个队列每个都恰好有一个消费者", sim.mq_all.len()),
        );
    }
    let mut out = pick(
        lang,
        format!(
            "{} queue(s) consumed more than once ({}) and {} by nobody ({})",
            o.len(),
            queues(sim, o, lang),
            st.len(),
            queues(sim, st, lang)
        ),
        format!(
            "{} 个队列被重复消费（{}），{} 个无人消费（{}）",
            o.len(),
            queues(sim, o, lang),
            st.len(),
            queues(sim, st, lang)
        ),
    );
    if !sh.is_empty() {
        out.push_str(&pick(
            lang,
            format!("; {} queue(s) are shared by design ({}), each message going to one popper or, in BROADCASTING, to every instance", sh.len(), queues(sim, sh, lang)),
            format!("；{} 个队列按设计共享（{}），POP 时每条消息只交给其中一个，广播时交给每个实例", sh.len(), queues(sim, sh, lang)),
        ));
    }
    out
}

fn sum_sentence(sim: &Simulation, lang: Lang) -> String {
    let mut s = pick(
        lang,
        format!("In the picture now: {}.", headline_part(sim, lang)),
        format!("当前画面：{}。", headline_part(sim, lang)),
    );
    if let Some(shared) = shared_clause(sim, lang) {
        if lang != Lang::Zh {
            s.push(' ');
        }
        s.push_str(&shared);
    }
    s
}

/// The diagnosis's own words for a shared clientId: they fit the strategy and client that computed.
fn shared_clause(sim: &Simulation, lang: Lang) -> Option<String> {
    sim.findings.iter().find(|f| matches!(f, Finding::SharedClientId { .. })).map(|f| f.text(sim, lang))
}

fn shared_sentence(sim: &Simulation, lang: Lang) -> String {
    shared_clause(sim, lang).unwrap_or_else(|| {
        pick(lang, "No two instances share a clientId right now.".into(), "当前没有两个实例共用 clientId。".into())
    })
}

/// The task of a lesson, with the live numbers.
pub fn task(l: LessonId, s: &Scenario, sim: &Simulation, lang: Lang) -> String {
    use LessonId::*;
    let m = sim.mq_all.len();
    let start = l.task_start();
    let n0 = start.instances.len();
    match l {
        HowItWorks => pick(
            lang,
            format!("Change only the clientId on line 3 of the client list so that this instance consumes queue {}.", first_queue(sim, lang)),
            format!("只修改客户端列表第 3 行的 clientId，让这个实例消费队列 {}。", first_queue(sim, lang)),
        ),
        AvgVsCircle => pick(
            lang,
            format!("Without removing any of the {n0} instances and without changing the {m} queues, make every instance take the same number of queues."),
            format!("不删除 {n0} 个实例中的任何一个、也不改变 {m} 个队列，让每个实例分到同样多的队列。"),
        ),
        Docker => pick(
            lang,
            format!("Make every one of the {m} queues have exactly one consumer without removing an instance (keep at least {n0})."),
            format!("在不删除实例（至少保留 {n0} 个）的前提下，让 {m} 个队列每个都恰好有一个消费者。"),
        ),
        Idle => pick(
            lang,
            format!("Give every one of the {} instances a queue without removing any.", s.instances.len()),
            format!("不删除任何实例，让 {} 个实例每个都分到队列。", s.instances.len()),
        ),
        ConsistentHash => pick(
            lang,
            format!("Keep CONSISTENT_HASH, the instances and the queues; change only the virtual nodes so that the {m} queues are split as evenly as AVG would split them."),
            format!("保持 CONSISTENT_HASH、实例和队列不变，只修改虚拟节点数，让 {m} 个队列分得和 AVG 一样均匀。"),
        ),
        MachineRoom => pick(
            lang,
            "Make room IDC2's queues consumed only inside IDC2, without removing an instance.".into(),
            "不删除任何实例，让 IDC2 机房的队列只由 IDC2 机房的消费者消费。".into(),
        ),
        SplitViews => {
            let (editor, builder) = (Key::ViewsTitle.t(lang), Key::Builder.t(lang));
            let sub = subscribes_to(lang, &s.topic);
            pick(
                lang,
                format!("First find them: mark below every queue of {} that nobody pulls. Then fix the group so that each of the {m} queues has exactly one consumer, without removing an instance or changing the queues: make every instance subscribe to {}. The “{sub}” boxes are in “{editor}”, the last box of the editors, below “{builder}”.", s.topic, s.topic),
                format!("先找出它们：在下面勾选 {} 中所有无人拉取的队列。然后修好消费组，使 {m} 个队列每个都恰好有一个消费者，且不删除实例、不改变队列：让每个实例都订阅 {}。“{sub}”复选框在“{editor}”中，即编辑器的最后一栏，在“{builder}”下面。", s.topic, s.topic),
            )
        }
        Kafka => pick(
            lang,
            format!("Without removing an instance or changing the {m} queues, make the assignment equal Kafka's roundrobin assignor on the same group, partition for partition."),
            format!("不删除实例、不改变 {m} 个队列，让分配结果与 Kafka roundrobin 分配器在同一组上的结果逐个分区完全一致。"),
        ),
        MixedClients => pick(
            lang,
            format!("Without removing an instance, changing the {m} queues or switching any instance to another client, make every queue have exactly one consumer."),
            format!("不删除实例、不改变 {m} 个队列、也不把任何实例换成别的客户端，让每个队列都恰好有一个消费者。"),
        ),
    }
}

/// A hint for the task.
pub fn hint(l: LessonId, lang: Lang) -> &'static str {
    use LessonId::*;
    let (en, zh) = match l {
        HowItWorks => (
            "cidAll is sorted as Java compares strings, character by character: 10.0.0.10@… sorts before 10.0.0.11@….",
            "cidAll 按 Java 的字符串比较逐字符排序：10.0.0.10@… 排在 10.0.0.11@… 前面。",
        ),
        AvgVsCircle => (
            "The extra queues go to the first M mod N instances. When is M mod N zero? Add lines to the client list.",
            "多出来的队列给前 M mod N 个实例。M mod N 什么时候为 0？在客户端列表里加几行。",
        ),
        Docker => (
            "Type a unique instanceName after the @ (for example 172.17.0.1@consumer-2), or in “ClientId builder” pick version 4.9.3 or later and use its ids.",
            "在 @ 后面写一个唯一的 instanceName（例如 172.17.0.1@consumer-2），或在 clientId 生成器中选择 4.9.3 及以上版本并使用生成的 id。",
        ),
        Idle => (
            "Read queues are the unit of parallelism: raise the topic's read-queue count.",
            "读队列数决定并行度：增加 Topic 的读队列数。",
        ),
        ConsistentHash => (
            "Raise the virtual nodes one at a time from the current count and watch the shares.",
            "从当前的虚拟节点数开始逐个往上加，观察份额变化。",
        ),
        MachineRoom => (
            "Add a consumer whose clientId starts with IDC2@ to the client list.",
            "在客户端列表中添加一个以 IDC2@ 开头的消费者。",
        ),
        SplitViews => (
            "AVG gives each slot of cidAll a block. Which slots belong to instances that skip the topic? The grid shows who takes what. To fix it, tick the “Subscribes to” box on the rows of those instances in the views editor.",
            "AVG 给 cidAll 的每个下标分一块。哪些下标属于没有订阅该 Topic 的实例？表格里能看到谁分到了什么。修复时，在视图编辑器中这些实例的那一行勾选“订阅了”复选框。",
        ),
        Kafka => (
            "Kafka's roundrobin deals partitions one by one. Which RocketMQ strategy deals queues that way?",
            "Kafka 的 roundrobin 逐个轮流分配分区。RocketMQ 的哪个策略也这样分队列？",
        ),
        MixedClients => (
            "Which strategies do the Java and Go clients compute with the same arithmetic? With ASCII clientIds both sort cidAll alike.",
            "哪些策略在 Java 和 Go 客户端里是同样的算法？clientId 都是 ASCII 时，两者对 cidAll 的排序也一样。",
        ),
    };
    lang.pick(en, zh)
}

/// One condition of a task, with the live numbers where they help.
pub fn condition(c: &Condition, l: LessonId, s: &Scenario, sim: &Simulation, lang: Lang) -> String {
    let start = l.task_start();
    let (min, max) = sim.load_range();
    let m = sim.mq_all.len();
    let n = sim.instances.len();
    match c {
        Condition::EveryQueueOnce => pick(
            lang,
            format!(
                "Every queue has exactly one consumer (now {} without, {} with several).",
                sim.starved.len(),
                sim.overlapped.len() + sim.shared.len()
            ),
            format!(
                "每个队列恰好一个消费者（现在 {} 个无人消费，{} 个多人消费）。",
                sim.starved.len(),
                sim.overlapped.len() + sim.shared.len()
            ),
        ),
        Condition::NoInstanceRemoved { at_least } => pick(
            lang,
            format!("No instance removed: at least {at_least} (now {n})."),
            format!("没有删除实例：至少 {at_least} 个（现在 {n} 个）。"),
        ),
        Condition::QueuesUnchanged => {
            let m0: u32 = start.brokers.iter().map(|b| b.read_queue_nums).sum();
            pick(
                lang,
                format!("The queues are unchanged ({m0} at the start, {m} now)."),
                format!("队列保持不变（开始时 {m0} 个，现在 {m} 个）。"),
            )
        }
        Condition::OnlyLineChanged { line } => pick(
            lang,
            format!("Only the clientId on line {line} changed (same strategy, queues and other lines)."),
            format!("只改了第 {line} 行的 clientId（策略、队列和其他行不变）。"),
        ),
        Condition::LineTakesFirstQueue { line } => {
            let got = if *line > 0 && *line <= sim.instances.len() {
                queues(sim, &sim.taken(line - 1), lang)
            } else {
                String::new()
            };
            pick(
                lang,
                format!("Line {line} consumes queue {} (now {}).", first_queue(sim, lang), got),
                format!("第 {line} 行消费队列 {}（现在是 {}）。", first_queue(sim, lang), got),
            )
        }
        Condition::EqualShares => pick(
            lang,
            format!("Every instance takes the same number of queues (now {min} to {max})."),
            format!("每个实例分到的队列数相同（现在 {min} 到 {max} 个）。"),
        ),
        Condition::NoIdle => {
            let idle = idle_ids(sim).len();
            pick(lang, format!("No idle instance (now {idle} idle)."), format!("没有空闲实例（现在 {idle} 个空闲）。"))
        }
        Condition::OnlyVirtualNodesChanged => pick(
            lang,
            "Still CONSISTENT_HASH with the same instances and queues: only the virtual nodes changed.".into(),
            "仍是 CONSISTENT_HASH，实例和队列不变：只改了虚拟节点数。".into(),
        ),
        Condition::SharesAsEvenAsAvg => {
            let allowed = usize::from(n > 0 && m % n != 0);
            pick(
                lang,
                format!("As even as AVG: the most and fewest queues per instance differ by at most {allowed} (now {min} to {max})."),
                format!("和 AVG 一样均匀：每个实例最多与最少的队列数相差不超过 {allowed}（现在 {min} 到 {max} 个）。"),
            )
        }
        Condition::RoomServedLocally { room } => pick(
            lang,
            format!("Every queue of room {room} is consumed, and only by consumers in {room}."),
            format!("{room} 机房的每个队列都有人消费，且只由 {room} 机房的消费者消费。"),
        ),
        Condition::MarkedWereUnpulled => pick(
            lang,
            "Your marks are exactly the queues nobody pulled when the step began.".into(),
            "你勾选的恰好是本步骤开始时所有无人拉取的队列。".into(),
        ),
        Condition::EveryInstanceSubscribes => {
            let skipping = s.instances.iter().filter(|i| i.skips_topic).count();
            pick(
                lang,
                format!("Every instance subscribes to {} (not subscribed now: {skipping}).", s.topic),
                format!("每个实例都订阅了 {}（现在未订阅的有 {skipping} 个）。", s.topic),
            )
        }
        Condition::ClientsUnchanged => pick(
            lang,
            "Every instance still runs the client it started with.".into(),
            "每个实例仍运行开始时的客户端。".into(),
        ),
        Condition::SameAsKafkaRoundRobin => pick(
            lang,
            "Every queue has the same consumer as Kafka's roundrobin gives its partition.".into(),
            "每个队列的消费者与 Kafka roundrobin 给对应分区的分配一致。".into(),
        ),
    }
}

/// Why a lesson link was not followed.
pub fn link_problem(p: &LinkProblem, lang: Lang) -> String {
    match p {
        LinkProblem::UnknownLesson(text) => pick(
            lang,
            format!("This link asks for a lesson \"{text}\" that does not exist; here is the list of lessons."),
            format!("链接中的课程“{text}”不存在；下面是课程列表。"),
        ),
        LinkProblem::BadStep { lesson, text, steps } => pick(
            lang,
            format!(
                "The lesson \"{}\" has steps 1 to {steps}; \"{text}\" is not one of them. Here is the list of lessons.",
                title(*lesson, Lang::En)
            ),
            format!("课程“{}”只有第 1 到 {steps} 步，“{text}”不是其中之一。下面是课程列表。", title(*lesson, Lang::Zh)),
        ),
    }
}

/// The notice for unreadable saved progress.
pub fn storage_notice(text: &str, lang: Lang) -> String {
    pick(
        lang,
        format!(
            "The lesson progress saved in this browser (\"{text}\") could not be read; it was ignored and cleared."
        ),
        format!("浏览器中保存的课程进度（“{text}”）无法读取，已忽略并清除。"),
    )
}
