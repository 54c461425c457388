//! The page's words that need more than one message: which message a value of the page's own types takes,
//! and the sentences put together from several. Every sentence itself is in `locales/*/*.ftl`
//! ([`crate::words`]); the explanation's steps are in [`crate::group::explain::words`].

use super::components::export_view::{Expected, FileError, Found, JsonProblem};
use super::model::QueueState;
use super::state::FieldError;
use super::url::StateError;
use crate::group::link::MAX_STATE_CHARS;
pub use crate::group::Lang;
use crate::words;

/// The first screen's words that parts converted separately still name this way (the import panel's title
/// and Remove button, the lessons' references to two editors); the rest of the page calls [`crate::words`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    ImportTitle,
    Remove,
    ViewsTitle,
    Builder,
}

impl Key {
    pub fn t(self, lang: Lang) -> &'static str {
        match self {
            Key::ImportTitle => words::page_import_title(lang),
            Key::Remove => words::page_remove(lang),
            Key::ViewsTitle => words::page_views_title(lang),
            Key::Builder => words::page_builder(lang),
        }
    }
}

/// The views editor's checkbox, which a lesson names too.
pub fn subscribes_to(lang: Lang, topic: &str) -> String {
    words::page_subscribes_to(lang, topic)
}

/// The one line a newcomer reads first: how many instances and queues, then what is wrong (or that nothing
/// is), each part said only when it applies.
pub fn headline(
    lang: Lang,
    instances: usize,
    queues: usize,
    starved: usize,
    overlapped: usize,
    shared: usize,
) -> String {
    let counts = words::page_headline_counts(lang, instances, queues);
    let mut details = vec![];
    if starved > 0 {
        details.push(words::page_headline_starved(lang, starved));
    }
    if overlapped > 0 {
        details.push(words::page_headline_overlapped(lang, overlapped));
    }
    if shared > 0 {
        details.push(words::page_headline_shared(lang, shared));
    }
    if details.is_empty() && instances > 0 && queues > 0 {
        details.push(words::page_headline_healthy(lang).to_string());
    }
    match details.is_empty() {
        true => counts,
        false => words::page_headline(lang, counts, details.join(words::page_headline_separator(lang))),
    }
}

/// What happens to queue `key` in `state`: `names` is its consumers as a list, `count` of them.
pub fn queue_detail(lang: Lang, key: &str, state: QueueState, names: &str, count: usize) -> String {
    match state {
        QueueState::Starved => words::page_queue_starved(lang, key),
        QueueState::Single => words::page_queue_single(lang, names, key),
        QueueState::Overlapped => words::page_queue_overlapped(lang, count, names, key),
        QueueState::Shared => words::page_queue_shared(lang, count, names, key),
    }
}

/// What is wrong with an input, in words.
pub fn problem(p: &crate::group::input::Problem, lang: Lang) -> String {
    p.text(lang)
}

pub fn field_error(e: &FieldError, lang: Lang) -> String {
    match e {
        FieldError::Input(p) => problem(p, lang),
        FieldError::QueueRef(t) => words::page_bad_queue_ref(lang, t),
        FieldError::ToolOutput => words::page_clients_tool_output(lang).into(),
    }
}

/// Why the link's shared state was not used.
pub fn state_error(e: &StateError, lang: Lang) -> String {
    match e {
        StateError::Corrupt => words::page_state_corrupt(lang).into(),
        StateError::FutureVersion(v) => words::page_state_future_version(lang, v),
        StateError::Invalid(why) => words::page_state_invalid(lang, why),
        StateError::TooLarge => words::page_state_too_large(lang).into(),
        StateError::TooLong(n) => words::page_state_too_long(lang, n, MAX_STATE_CHARS),
    }
}

/// A client library's name in the per-instance editor.
pub fn client_name(c: crate::group::Client, lang: Lang) -> &'static str {
    use crate::group::Client::*;
    match c {
        Java5 => words::page_client_java5(lang),
        Java49 => words::page_client_java49(lang),
        Java47 => words::page_client_java47(lang),
        Go => words::page_client_go(lang),
        Cpp => words::page_client_cpp(lang),
        Grpc => words::page_client_grpc(lang),
    }
}

/// A scenario file that could not be loaded; the current scenario stays. What is wrong is said in words,
/// with the line (and the field where it can be told), never in serde's phrasing.
pub fn bad_file(lang: Lang, e: &FileError) -> String {
    let why = match e {
        FileError::Json(p) => file_problem(lang, p),
        FileError::Client(n, p) => words::tour_file_instance(lang, n + 1, p.text(lang)),
        FileError::State(StateError::Invalid(_)) => words::tour_file_invalid(lang).into(),
        FileError::State(StateError::TooLarge) => words::tour_file_too_large(lang).into(),
        FileError::State(StateError::FutureVersion(v)) => words::tour_file_future_version(lang, v),
        FileError::State(StateError::TooLong(n)) => words::tour_file_too_long(lang, n),
        FileError::State(StateError::Corrupt) => words::tour_file_corrupt(lang).into(),
    };
    words::tour_bad_file(lang, why)
}

/// [`JsonProblem`] in words: "\"readQueueNums\" on line 5 is -3, but it must be a whole number from 0 to ...".
fn file_problem(lang: Lang, p: &JsonProblem) -> String {
    // Where the bad value is: its field when it can be told, else its line.
    let place = |field: &Option<String>, line: &usize| match field {
        Some(f) => words::tour_file_place_field(lang, f, line),
        None => words::tour_file_place_value(lang, line),
    };
    match p {
        JsonProblem::Syntax { line, column } => words::tour_file_syntax(lang, column, line),
        JsonProblem::Eof { line } => words::tour_file_eof(lang, line),
        JsonProblem::Missing { field, line } => words::tour_file_missing(lang, field, line),
        JsonProblem::Unknown { field, line } => words::tour_file_unknown(lang, field, line),
        JsonProblem::UnknownName { field, value, line } => {
            words::tour_file_unknown_name(lang, place(field, line), value)
        }
        JsonProblem::Wrong { field, found, expected, line } => {
            words::tour_file_wrong(lang, expected_words(lang, expected), found_words(lang, found), place(field, line))
        }
        JsonProblem::Other { field, line } => words::tour_file_other(lang, place(field, line)),
    }
}

/// What a scenario file holds where it is wrong: a number or a boolean as written, null as JSON says it.
fn found_words(lang: Lang, found: &Found) -> String {
    match found {
        Found::Number(n) | Found::Bool(n) => n.clone(),
        Found::Text(t) => words::tour_found_text(lang, t),
        Found::Null => "null".into(),
        Found::List => words::tour_found_list(lang).into(),
        Found::Object => words::tour_found_object(lang).into(),
        Found::Other => words::tour_found_other(lang).into(),
    }
}

/// What belongs where a scenario file is wrong.
fn expected_words(lang: Lang, expected: &Expected) -> String {
    match expected {
        Expected::WholeNumber { min, max } => words::tour_expected_whole_number(lang, max, min),
        Expected::Number => words::tour_expected_number(lang).into(),
        Expected::Text => words::tour_expected_text(lang).into(),
        Expected::List => words::tour_expected_list(lang).into(),
        Expected::Object => words::tour_expected_object(lang).into(),
        Expected::Bool => words::tour_expected_bool(lang).into(),
        Expected::Other => words::tour_expected_other(lang).into(),
    }
}

/// How many of the builder's clientIds are distinct, and what duplicates do to the group.
pub fn builder_distinct(lang: Lang, ids: &[String]) -> String {
    let processes = ids.len();
    let distinct = ids.iter().collect::<std::collections::BTreeSet<_>>().len();
    match distinct < processes {
        true => words::page_builder_shared(lang, distinct, processes),
        false => words::page_builder_all_distinct(lang, processes),
    }
}

/// issue 17: the fixed strings of the import panel (loaded on demand, like [`PanelKey`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportKey {
    Intro,
    PasteLabel,
    PasteName,
    FilesLabel,
    ChooseFiles,
    DropHint,
    Read,
    StaysHere,
    NothingToRead,
    ReadFrom,
    NotRead,
    Topic,
    ChangeIt,
    Assumed,
    Notes,
    CannotShow,
    Starved,
    Dropped,
    Nobody,
    AllShared,
}

impl ImportKey {
    pub fn t(self, lang: Lang) -> &'static str {
        use ImportKey::*;
        let (en, zh) = match self {
            Intro => (
                "Paste what mqadmin or rocketmq-dashboard printed for your group (consumerConnection, consumerProgress with or without -s, topicRoute, topicStatus, consumerStatus, the dashboard's JSON), several outputs one after another if you like, or choose or drop the files. Each is recognised by itself.",
                "粘贴 mqadmin 或 rocketmq-dashboard 为这个消费组输出的内容（consumerConnection、带或不带 -s 的 consumerProgress、topicRoute、topicStatus、consumerStatus、控制台的 JSON），可以把几段输出依次粘贴在一起，也可以选择或拖入文件。每段输出会被自动识别。",
            ),
            PasteLabel => ("Your cluster's output", "集群的输出"),
            PasteName => ("paste", "粘贴内容"),
            FilesLabel => ("Files", "文件"),
            ChooseFiles => ("Choose files…", "选择文件…"),
            DropHint => ("…or drop files onto this panel.", "……或把文件拖到这个面板上。"),
            Read => ("Read", "读取"),
            StaysHere => (
                "Read in this browser: nothing is sent anywhere.",
                "在浏览器中读取：不会发送到任何地方。",
            ),
            NothingToRead => (
                "Nothing to read: paste the output of mqadmin consumerConnection, consumerProgress, topicRoute, topicStatus or consumerStatus, or a rocketmq-dashboard answer, or choose a file.",
                "没有可读取的内容：请粘贴 mqadmin consumerConnection、consumerProgress、topicRoute、topicStatus 或 consumerStatus 的输出，或 rocketmq-dashboard 的返回内容，或选择文件。",
            ),
            ReadFrom => ("What was read", "读到的内容"),
            NotRead => ("not read", "未能读取"),
            Topic => ("Topic shown (the retry topic is rebalanced on its own)", "显示的 Topic（重试 Topic 单独做负载均衡）"),
            ChangeIt => ("Change it", "修改"),
            Assumed => ("What was assumed", "做出的假设"),
            Notes => ("Notes", "说明"),
            CannotShow => ("What these outputs cannot show", "这些输出看不出的情况"),
            Starved => ("Queues nobody consumes in the simulation:", "模拟中无人消费的队列："),
            Dropped => (
                "The picture shows another scenario now: read again to compare it with your cluster.",
                "图中现在是另一个场景：请重新读取，再与集群对比。",
            ),
            Nobody => ("nobody", "无人"),
            AllShared => ("Every shared clientId", "全部共用的 clientId"),
        };
        lang.pick(en, zh)
    }
}

/// Up to `n` items, then "and N more": every list the page draws from the group is cut so.
pub fn cut<S: AsRef<str>>(items: &[S], n: usize, lang: Lang) -> String {
    let mut s = items.iter().take(n).map(AsRef::as_ref).collect::<Vec<_>>().join(lang.pick(", ", "、"));
    if items.len() > n {
        s += &and_more(lang, items.len() - n);
    }
    s
}

/// " and 3 more" after a cut list.
pub fn and_more(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!(" and {n} more"),
        Lang::Zh => format!(" 等另外 {n} 个"),
    }
}

/// What the cluster reported about one queue, after the simulation's story in the detail line.
pub fn queue_seen(
    lang: Lang,
    lag: Option<String>,
    growth: Option<i64>,
    reported: &[String],
    computed: &[String],
    agrees: Option<bool>,
) -> String {
    let sep = lang.pick(", ", "、");
    let mut out = String::new();
    if let Some(lag) = lag {
        out += &match (lang, growth) {
            (Lang::En | Lang::Pseudo, Some(g)) if g != 0 => {
                format!("The cluster reports a lag of {lag} ({g:+} since the first snapshot).")
            }
            (Lang::En | Lang::Pseudo, _) => format!("The cluster reports a lag of {lag}."),
            (Lang::Zh, Some(g)) if g != 0 => format!("集群报告堆积 {lag} 条（比第一次快照 {g:+}）。"),
            (Lang::Zh, _) => format!("集群报告堆积 {lag} 条。"),
        };
    }
    if let Some(agrees) = agrees {
        let who = reported.join(sep);
        let sim = if computed.is_empty() { ImportKey::Nobody.t(lang).to_string() } else { computed.join(sep) };
        out += &match (lang, agrees) {
            (Lang::En | Lang::Pseudo, true) => format!(" It reports {who} holding it, as the simulation does."),
            (Lang::En | Lang::Pseudo, false) => {
                format!(" It reports {who} holding it; the simulation says {sim}: they disagree.")
            }
            (Lang::Zh, true) => format!("集群报告持有者为 {who}，与模拟一致。"),
            (Lang::Zh, false) => format!("集群报告持有者为 {who}，模拟结果为 {sim}：两者不一致。"),
        };
    }
    out.trim_start().to_string()
}

/// One starved queue with its lag: `broker-e:0 (lag 1,234, +567)`.
pub fn starved_lag(lang: Lang, key: &str, lag: Option<String>, growth: Option<i64>) -> String {
    match (lang, lag, growth) {
        (Lang::En | Lang::Pseudo, Some(l), Some(g)) if g > 0 => format!("{key} (lag {l}, growing by {g})"),
        (Lang::En | Lang::Pseudo, Some(l), _) => format!("{key} (lag {l})"),
        (Lang::Zh, Some(l), Some(g)) if g > 0 => format!("{key}（堆积 {l}，增长 {g}）"),
        (Lang::Zh, Some(l), _) => format!("{key}（堆积 {l}）"),
        (_, None, _) => key.to_string(),
    }
}

/// The rebuilt group in one line.
pub fn rebuilt_group(lang: Lang, group: &str, topic: &str, instances: usize, queues: usize) -> String {
    let group = if group.is_empty() { "?" } else { group };
    match lang {
        Lang::En | Lang::Pseudo => format!(
            "Rebuilt: group {group}, topic {topic}, {instances} instances (one per connection), {queues} read queues. It is now the scenario in the editors: change anything."
        ),
        Lang::Zh => format!(
            "已重建：消费组 {group}，Topic {topic}，{instances} 个实例（每个连接一个），{queues} 个读队列。它已成为编辑器中的场景，可以随意修改。"
        ),
    }
}

/// The strategy the rebuilt scenario runs, and where it came from.
pub fn import_strategy(lang: Lang, strategy: &str, known: bool) -> String {
    match (lang, known) {
        (Lang::En | Lang::Pseudo, true) => format!("Strategy: {strategy}, as the input says."),
        (Lang::En | Lang::Pseudo, false) => format!("Strategy: {strategy}, assumed (the inputs do not say)."),
        (Lang::Zh, true) => format!("分配策略：{strategy}，来自输入。"),
        (Lang::Zh, false) => format!("分配策略：{strategy}，为假设（输入中没有）。"),
    }
}

pub fn use_strategy(lang: Lang, strategy: &str) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("Use {strategy}"),
        Lang::Zh => format!("改用 {strategy}"),
    }
}

/// How the observed holders compare with the simulation now on the page.
pub fn observed_summary(lang: Lang, reported: usize, shown: usize, agree: usize, differ: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!(
            "The cluster reported {reported} queues; {shown} of them are in this scenario and marked on the strip (lag, and = or ≠ where it named a holder): {agree} holders agree with the simulation, {differ} do not."
        ),
        Lang::Zh => format!(
            "集群报告了 {reported} 个队列，其中 {shown} 个在当前场景中，已标在队列条上（堆积量；报告了持有者的标 = 或 ≠）：{agree} 个持有者与模拟一致，{differ} 个不一致。"
        ),
    }
}

/// A chosen file.
pub fn file_line(lang: Lang, name: &str, bytes: usize) -> String {
    match lang {
        Lang::En | Lang::Pseudo => format!("{name} ({bytes} bytes)"),
        Lang::Zh => format!("{name}（{bytes} 字节）"),
    }
}
