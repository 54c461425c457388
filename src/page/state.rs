//! The playground's one state: the raw text of every field exactly as typed, the last valid scenario built
//! from it, and what the user is looking at. Every user action is one [`Action`]; [`State::reduce`] is one
//! `match`.

use super::observed::Observed;
use super::tab::Tab;
use super::theme::Theme;

use crate::group::input::{looks_like_tool_output, parse_client_list, parse_queue_list, Problem, STRATEGIES};
use crate::group::link::StateError;
pub use crate::group::settings::Setting;
use crate::group::settings::{self, parameters, pop_share, BrokerText, QueuesText, SettingsText, REBALANCES};
use crate::group::split::{self, ViewText};
use crate::group::{Client, Lang, MessageModel, Rebalance, Scenario};
use crate::presets::Preset;
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{Inner, MessageQueue, Strategy};
use std::rc::Rc;

/// The strategy picker's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyKind {
    Avg,
    AvgByCircle,
    ConsistentHash,
    Config,
    MachineRoom,
    Nearby,
}

impl StrategyKind {
    pub const ALL: [StrategyKind; 6] = [
        StrategyKind::Avg,
        StrategyKind::AvgByCircle,
        StrategyKind::ConsistentHash,
        StrategyKind::Config,
        StrategyKind::MachineRoom,
        StrategyKind::Nearby,
    ];

    /// RocketMQ's `getName()` ([`STRATEGIES`] lists them in this enum's order).
    pub fn name(self) -> &'static str {
        STRATEGIES[self as usize]
    }

    pub fn of(s: &Strategy) -> StrategyKind {
        match s {
            Strategy::Avg => StrategyKind::Avg,
            Strategy::AvgByCircle => StrategyKind::AvgByCircle,
            Strategy::ConsistentHash { .. } => StrategyKind::ConsistentHash,
            Strategy::Config { .. } => StrategyKind::Config,
            Strategy::MachineRoom { .. } => StrategyKind::MachineRoom,
            Strategy::Nearby { .. } => StrategyKind::Nearby,
        }
    }
}

/// MACHINE_ROOM_NEARBY's inner strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InnerKind {
    Avg,
    AvgByCircle,
    ConsistentHash,
}

impl InnerKind {
    pub const ALL: [InnerKind; 3] = [InnerKind::Avg, InnerKind::AvgByCircle, InnerKind::ConsistentHash];
    /// Its `getName()`: the first three of [`STRATEGIES`], in this enum's order.
    pub fn name(self) -> &'static str {
        STRATEGIES[self as usize]
    }
}

/// Who runs the strategy, as the picker shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RebalanceKind {
    Client,
    Pull,
    Pop,
}

impl RebalanceKind {
    pub const ALL: [RebalanceKind; 3] = [RebalanceKind::Client, RebalanceKind::Pull, RebalanceKind::Pop];

    /// Its name in links and the CLI (`rebalance=pop`): [`REBALANCES`], in this enum's order.
    pub fn name(self) -> &'static str {
        REBALANCES[self as usize]
    }
}

/// Every field's text as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fields {
    pub topic: String,
    pub group: String,
    pub brokers: Vec<BrokerText>,
    pub model: MessageModel,
    pub clients: String,
    pub strategy: StrategyKind,
    pub vnodes: String,
    pub idcs: String,
    pub inner: InnerKind,
    pub separator: String,
    pub rebalance: RebalanceKind,
    pub share: String,
    /// CONFIG: per instance (scenario order), its configured queues as `broker:queueId, ...`.
    pub configs: Vec<String>,
    /// Per instance (scenario order), its own view as typed in the views editor.
    pub views: Vec<ViewText>,
    /// The group's config on the brokers as typed: consumeEnable, notifyConsumerIdsChangedEnable,
    /// retryQueueNums, consumeMessageOrderly ([`Fields::CONFIG`] order).
    pub config: [String; 4],
}

impl Fields {
    pub fn from_scenario(s: &Scenario) -> Fields {
        let (vnodes, idcs, separator) = parameters(&s.strategy);
        let inner = match &s.strategy {
            Strategy::Nearby { inner: Inner::AvgByCircle, .. } => InnerKind::AvgByCircle,
            Strategy::Nearby { inner: Inner::ConsistentHash { .. }, .. } => InnerKind::ConsistentHash,
            _ => InnerKind::Avg,
        };
        let rebalance = match s.rebalance {
            Rebalance::Client => RebalanceKind::Client,
            Rebalance::Broker { mode: RequestMode::Pull } => RebalanceKind::Pull,
            Rebalance::Broker { mode: RequestMode::Pop { .. } } => RebalanceKind::Pop,
        };
        let shared_config = match &s.strategy {
            Strategy::Config { queues: Some(list) } => Some(list.clone()),
            _ => None,
        };
        Fields {
            topic: s.topic.clone(),
            group: s.group.clone(),
            brokers: s
                .brokers
                .iter()
                .map(|b| BrokerText { name: b.broker_name.clone(), count: b.read_queue_nums.to_string() })
                .collect(),
            model: s.model,
            clients: s.instances.iter().map(|i| i.client_id.as_str()).collect::<Vec<_>>().join("\n"),
            strategy: StrategyKind::of(&s.strategy),
            vnodes: vnodes.to_string(),
            idcs: idcs.join(", "),
            inner,
            separator: separator.to_string(),
            rebalance,
            share: pop_share(&s.rebalance).to_string(),
            configs: s
                .instances
                .iter()
                .map(|i| i.config.as_ref().or(shared_config.as_ref()).map(|l| config_text(l)).unwrap_or_default())
                .collect(),
            views: s.instances.iter().map(ViewText::of).collect(),
            config: {
                let c = &s.config;
                [
                    c.consume_enable.to_string(),
                    c.notify_consumer_ids_changed_enable.to_string(),
                    c.retry_queue_nums.to_string(),
                    c.consume_message_orderly.to_string(),
                ]
            },
        }
    }

    /// The settings of [`Fields::config`], in order.
    pub const CONFIG: [Setting; 4] =
        [Setting::ConsumeEnable, Setting::Notify, Setting::RetryQueueNums, Setting::ConsumeOrderly];

    /// Whether the picked strategy builds a hash ring, and so takes virtual nodes.
    pub fn hashing(&self) -> bool {
        self.strategy == StrategyKind::ConsistentHash
            || (self.strategy == StrategyKind::Nearby && self.inner == InnerKind::ConsistentHash)
    }

    /// The group's settings as the form shows them. A field the picked strategy or rebalance does not take is
    /// hidden, and not given (its text waits for it to show again); neither is a client list that holds a
    /// tool's output.
    fn group_settings(&self) -> SettingsText {
        let nearby = self.strategy == StrategyKind::Nearby;
        SettingsText {
            topic: Some(self.topic.clone()),
            group: Some(self.group.clone()),
            queues: Some(QueuesText::Rows(self.brokers.clone())),
            clients: (!looks_like_tool_output(&self.clients)).then(|| self.clients.clone()),
            model: Some(self.model.name().into()),
            strategy: Some(self.strategy.name().into()),
            inner: nearby.then(|| self.inner.name().into()),
            vnodes: self.hashing().then(|| self.vnodes.clone()),
            idcs: (self.strategy == StrategyKind::MachineRoom).then(|| self.idcs.clone()),
            separator: nearby.then(|| self.separator.clone()),
            rebalance: Some(self.rebalance.name().into()),
            share: (self.rebalance == RebalanceKind::Pop).then(|| self.share.clone()),
            sdks: None,
            strategies: None,
            consume_enable: Some(self.config[0].clone()),
            notify: Some(self.config[1].clone()),
            retry_queue_nums: Some(self.config[2].clone()),
            consume_orderly: Some(self.config[3].clone()),
        }
    }

    /// Each of the first `instances` instances' client and own strategy, as its row of the views editor says.
    fn instance_settings(&self, instances: usize) -> SettingsText {
        let row = |i: usize| self.views.get(i);
        SettingsText {
            sdks: Some((0..instances).map(|i| row(i).map_or(Client::default(), |t| t.client).code().into()).collect()),
            strategies: Some((0..instances).map(|i| row(i).map(|t| t.strategy.clone()).unwrap_or_default()).collect()),
            ..SettingsText::default()
        }
    }
}

fn config_text(list: &[MessageQueue]) -> String {
    list.iter().map(|q| format!("{}:{}", q.broker_name, q.queue_id)).collect::<Vec<_>>().join(", ")
}

/// The field a problem belongs to, so its message shows right there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A setting the form shares with links and the CLI ([`settings::read`]).
    Setting(Setting),
    Config(usize),
    /// The cidAll instance `i` sees, and the route it holds.
    ViewCids(usize),
    ViewRoute(usize),
}

/// What is wrong with a field: the core's problems, plus a client list that is a tool's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    Input(Problem),
    /// The client list holds a tool's output (a consumerConnection table, ...), not clientIds: the import
    /// panel reads it.
    ToolOutput,
}

/// A problem found in the link that opened the page, shown once in a banner, or news about the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A readable parameter had a bad value; the rest applied.
    Param(crate::group::input::ParamProblem),
    /// `#s=` could not be read: why, in the reader's language.
    BadState(crate::group::link::StateError),
    /// localStorage held something this playground cannot read (the text, shortened); it was ignored.
    BadStorage(String),
    /// This build is not the one this browser showed last time (a status, not a problem; see `sw-hook.mjs`).
    Updated,
}

/// The whole playground.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub fields: Fields,
    pub problems: Vec<(Field, FieldError)>,
    /// The last scenario every field agreed on: what the grid shows.
    pub scenario: Scenario,
    pub lang: Lang,
    /// The theme shown (`theme::Theme`): Share and Embed carry it unless auto.
    pub theme: Theme,
    pub notices: Vec<Notice>,
    /// The instance whose pick is explained.
    pub selected: Option<usize>,
    /// The queue under the pointer or keyboard focus.
    pub inspected: Option<usize>,
    pub share_link: Option<String>,
    pub copied: Option<bool>,
    /// Whether the clipboard took the embed snippet (`None` while unknown or not tried).
    pub snippet_copied: Option<bool>,
    pub embed_snippet: Option<String>,
    /// Why the state shown by Share or Embed cannot travel in a link, found when it was clicked.
    pub link_too_long: Option<StateError>,
    /// The import panel was opened (its body stays drawn), and text handed to its paste box.
    pub import_open: bool,
    pub import_offer: Option<Rc<str>>,
    /// What the last import read about the queues; dropped when another scenario is loaded.
    pub observed: Option<Observed>,
    /// The preset loaded last and its scenario: its button is pressed while the picture is that scenario.
    pub preset: Option<(Preset, Scenario)>,
    /// The tour's open tab and what was typed or picked in it (`name`, `value` pairs the tab reads back), so
    /// that Share links to exactly this view.
    pub tab: Option<Tab>,
    pub tab_inputs: Rc<Vec<(String, String)>>,
    /// How many times a lesson set the open tab and its inputs: the tab's view is drawn afresh from them
    /// each time.
    pub tab_set: u32,
}

/// Everything a user can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    EditTopic(String),
    EditGroup(String),
    RenameBroker(usize, String),
    EditQueueCount(usize, String),
    AddBroker,
    RemoveBroker(usize),
    PickModel(MessageModel),
    EditClients(String),
    PickStrategy(StrategyKind),
    EditVirtualNodes(String),
    EditIdcs(String),
    PickInner(InnerKind),
    EditSeparator(String),
    PickRebalance(RebalanceKind),
    EditShareCount(String),
    EditConfig(usize, String),
    /// One of the group's config values on the brokers ([`Fields::CONFIG`]), as text.
    EditGroupConfig(Setting, String),
    /// A tour tab was opened (its inputs start afresh).
    OpenTab(Tab),
    /// The open tab's inputs changed.
    TabInputs(Vec<(String, String)>),
    /// A lesson opens a tab on these inputs (the rebalance tab on its change), drawn afresh.
    OpenTabWith(Tab, Vec<(String, String)>),
    /// A preset button, and the preset's scenario.
    LoadPreset(Preset, Scenario),
    /// The clientId builder sends its ids to the group, all of processes running this client: the group's
    /// instances become these, each running it.
    UseClientIds(Client, Vec<String>),
    SwitchLang(Lang),
    SwitchTheme(Theme),
    SelectInstance(Option<usize>),
    Inspect(Option<usize>),
    /// The link, and why it could not be opened again if it is too long.
    Share(String, Option<StateError>),
    Copied(bool),
    /// The `<iframe>` snippet, and why its link could not be opened again if it is too long.
    ShowEmbed(String, Option<StateError>),
    /// Whether the clipboard took the snippet.
    SnippetCopied(bool),
    /// The share panel's Close or Esc.
    CloseShare,
    DismissNotices,
    /// A scenario file passed the link's checks.
    LoadScenario(Scenario),
    /// In the views editor, instance `i` subscribes to the topic (or not).
    SetSubscribes(usize, bool),
    /// In the views editor, the cidAll instance `i` sees, as typed (blank: the group's).
    EditViewCids(usize, String),
    /// In the views editor, the route instance `i` holds, as typed (blank: the topic's).
    EditViewRoute(usize, String),
    /// Per-instance editor: the client library instance `i` runs.
    PickClient(usize, Client),
    /// Per-instance editor: instance `i`'s own strategy by name (blank: the group's).
    PickInstanceStrategy(usize, String),
    /// The import panel opens (with this text in its paste box).
    OpenImport(Option<String>),
    /// The import panel read the cluster's output (after loading its scenario), or forgets it.
    Observe(Option<Observed>),
    /// The import panel read the cluster's output: the scenario it gives goes into the editors
    /// ([`super::observed::scenario_to_load`]) with what the cluster reported beside it. A read that gives
    /// no scenario changes nothing: the page keeps the scenario it had.
    Import(Observed),
}

impl Action {
    /// Whether it edits the scenario (the fields are read again and a shared link no longer shows it), as
    /// against what only changes what the page shows. Every action is named: a new one must say which.
    pub fn edits(&self) -> bool {
        match self {
            Action::EditTopic(_)
            | Action::EditGroup(_)
            | Action::RenameBroker(..)
            | Action::EditQueueCount(..)
            | Action::AddBroker
            | Action::RemoveBroker(_)
            | Action::PickModel(_)
            | Action::EditClients(_)
            | Action::PickStrategy(_)
            | Action::EditVirtualNodes(_)
            | Action::EditIdcs(_)
            | Action::PickInner(_)
            | Action::EditSeparator(_)
            | Action::PickRebalance(_)
            | Action::EditShareCount(_)
            | Action::EditConfig(..)
            | Action::EditGroupConfig(..)
            | Action::LoadPreset(..)
            | Action::UseClientIds(..)
            | Action::LoadScenario(_)
            | Action::SetSubscribes(..)
            | Action::EditViewCids(..)
            | Action::EditViewRoute(..)
            | Action::PickClient(..)
            | Action::PickInstanceStrategy(..)
            | Action::Import(_) => true,
            Action::SwitchLang(_)
            | Action::SwitchTheme(_)
            | Action::SelectInstance(_)
            | Action::Inspect(_)
            | Action::Share(..)
            | Action::Copied(_)
            | Action::SnippetCopied(_)
            | Action::CloseShare
            | Action::ShowEmbed(..)
            | Action::DismissNotices
            | Action::OpenImport(_)
            | Action::Observe(_)
            | Action::OpenTab(_)
            | Action::OpenTabWith(..)
            | Action::TabInputs(_) => false,
        }
    }
}

impl State {
    pub fn new(scenario: Scenario, lang: Lang, notices: Vec<Notice>) -> State {
        let mut s = State {
            fields: Fields::from_scenario(&scenario),
            problems: vec![],
            scenario,
            lang,
            theme: Theme::Auto,
            notices,
            selected: None,
            inspected: None,
            share_link: None,
            copied: None,
            snippet_copied: None,
            embed_snippet: None,
            link_too_long: None,
            import_open: false,
            import_offer: None,
            observed: None,
            preset: None,
            tab: None,
            tab_inputs: Rc::default(),
            tab_set: 0,
        };
        s.reparse();
        s
    }

    pub fn problem(&self, field: Field) -> Option<&FieldError> {
        self.problems.iter().find(|(f, _)| *f == field).map(|(_, p)| p)
    }

    /// Rebuilds the scenario from the fields: each valid field replaces its part, each bad one keeps the
    /// last valid part and records its problem. The group's settings are read first ([`settings::read`]), then
    /// each instance's row for the instances they came to.
    fn reparse(&mut self) {
        let f = &self.fields;
        let (mut s, group) = settings::read(&self.scenario, &f.group_settings());
        // CONFIG's lists are the instances' own in the form ([`Fields::from_scenario`] spreads the strategy's).
        if let Strategy::Config { queues } = &mut s.strategy {
            *queues = None;
        }
        let (mut s, rows) = settings::read(&s, &f.instance_settings(s.instances.len()));
        let mut problems: Vec<(Field, FieldError)> =
            group.into_iter().chain(rows).map(|(at, p)| (Field::Setting(at), FieldError::Input(p))).collect();
        if looks_like_tool_output(&f.clients) {
            problems.push((Field::Setting(Setting::Clients), FieldError::ToolOutput));
        }
        for i in 0..s.instances.len() {
            let text = f.configs.get(i).map(String::as_str).unwrap_or("");
            match parse_queue_list(&s.topic, text) {
                Ok(list) => s.instances[i].config = list,
                Err(p) => problems.push((Field::Config(i), FieldError::Input(p))),
            }
        }
        reparse_views(f, &self.scenario, &mut s, &mut problems);
        // The inspected queue stays inspected while it exists (found by broker and queueId, as its position in
        // `mqAll` can move): its cell keeps focus through the edit, and the detail line tells its new story.
        // Only the brokers place queues in `mqAll`, so an edit that leaves them alone keeps the position as is.
        self.inspected = self.inspected.and_then(|q| {
            if s.brokers == self.scenario.brokers {
                return Some(q);
            }
            let was = crate::rocketmq::build_mq_all(&self.scenario.topic, &self.scenario.brokers).into_iter().nth(q)?;
            let now = crate::rocketmq::build_mq_all(&s.topic, &s.brokers);
            now.iter().position(|mq| mq.broker_name == was.broker_name && mq.queue_id == was.queue_id)
        });
        self.scenario = s;
        self.problems = problems;
        if self.selected.is_some_and(|i| i >= self.scenario.instances.len()) {
            self.selected = None;
        }
    }

    /// Before the client list becomes `text`: moves each line's own typed settings (CONFIG list, view,
    /// subscription) to the line that continues it ([`settings::carry_over`]), so they follow the clientId
    /// rather than the line number. [`State::reparse`] does the same for their last valid values.
    fn follow_ids(&mut self, text: &str) {
        let (Ok(previous), Ok(new)) = (parse_client_list(&self.fields.clients), parse_client_list(text)) else {
            return;
        };
        let map = settings::carry_over(&previous, &new);
        let f = &mut self.fields;
        f.configs = map.iter().map(|m| m.and_then(|k| f.configs.get(k).cloned()).unwrap_or_default()).collect();
        f.views = map.iter().map(|m| m.and_then(|k| f.views.get(k).cloned()).unwrap_or_default()).collect();
    }

    /// Replaces every field with what `scenario` says, as if the user had typed it.
    fn load(&mut self, scenario: Scenario) {
        self.fields = Fields::from_scenario(&scenario);
        self.scenario = scenario;
        self.selected = None;
        self.share_link = None;
        self.embed_snippet = None;
        self.observed = None;
        self.reparse();
    }
}

impl State {
    /// The state after `action`: the same value (not a copy) when nothing changes, so nothing draws again.
    pub fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        // The same state, not a copy of it, so nothing draws again: the pointer crosses a queue's cell and
        // its parts many times (delegated `mouseover`), and a copy clones every field's text.
        if matches!(action, Action::Inspect(q) if q == self.inspected) {
            return self;
        }
        // A tab tells its inputs after each render that changed them; the same again changes nothing.
        if matches!(&action, Action::TabInputs(v) if **self.tab_inputs == *v) {
            return self;
        }
        if matches!(&action, Action::Import(o) if !o.0.gives_a_scenario()) {
            return self;
        }
        let mut s = (*self).clone();
        let edited = action.edits();
        let mut built_by = None;
        match action {
            Action::EditTopic(t) => s.fields.topic = t,
            Action::EditGroup(t) => s.fields.group = t,
            Action::RenameBroker(i, t) => {
                if let Some(b) = s.fields.brokers.get_mut(i) {
                    b.name = t
                }
            }
            Action::EditQueueCount(i, t) => {
                if let Some(b) = s.fields.brokers.get_mut(i) {
                    b.count = t
                }
            }
            Action::AddBroker => {
                let name = next_broker_name(&s.fields.brokers);
                s.fields.brokers.push(BrokerText { name, count: "4".into() });
            }
            Action::RemoveBroker(i) => {
                if i < s.fields.brokers.len() {
                    s.fields.brokers.remove(i);
                }
            }
            Action::PickModel(m) => s.fields.model = m,
            Action::EditClients(t) => {
                if !looks_like_tool_output(&t) {
                    s.follow_ids(&t);
                }
                s.fields.clients = t
            }
            Action::PickStrategy(k) => s.fields.strategy = k,
            Action::EditVirtualNodes(t) => s.fields.vnodes = t,
            Action::EditIdcs(t) => s.fields.idcs = t,
            Action::PickInner(k) => s.fields.inner = k,
            Action::EditSeparator(t) => s.fields.separator = t,
            Action::PickRebalance(k) => s.fields.rebalance = k,
            Action::EditShareCount(t) => s.fields.share = t,
            Action::EditConfig(i, t) => {
                if s.fields.configs.len() <= i {
                    s.fields.configs.resize(i + 1, String::new());
                }
                s.fields.configs[i] = t;
            }
            Action::EditGroupConfig(setting, t) => {
                if let Some(i) = Fields::CONFIG.iter().position(|c| *c == setting) {
                    s.fields.config[i] = t;
                }
            }
            Action::LoadPreset(p, scenario) => {
                s.load(scenario.clone());
                s.preset = Some((p, scenario));
            }
            Action::UseClientIds(client, ids) => {
                let text = ids.join("\n");
                s.follow_ids(&text);
                s.fields.clients = text;
                built_by = Some(client);
            }
            Action::SwitchLang(l) => s.lang = l,
            Action::SwitchTheme(t) => s.theme = t,
            Action::SelectInstance(i) => s.selected = i,
            Action::OpenTab(t) => {
                s.tab = Some(t);
                s.tab_inputs = Rc::default();
            }
            Action::TabInputs(v) => s.tab_inputs = Rc::new(v),
            Action::OpenTabWith(t, v) => {
                s.tab = Some(t);
                s.tab_inputs = Rc::new(v);
                s.tab_set += 1;
            }
            Action::Inspect(q) => s.inspected = q,
            // Each says only what its own click copied: the other field's "Copied" goes.
            Action::Share(link, too_long) => {
                s.share_link = Some(link);
                (s.copied, s.snippet_copied) = (None, None);
                s.link_too_long = too_long;
            }
            Action::Copied(ok) => s.copied = Some(ok),
            Action::ShowEmbed(snippet, too_long) => {
                s.embed_snippet = Some(snippet);
                (s.copied, s.snippet_copied) = (None, None);
                s.link_too_long = too_long;
            }
            Action::SnippetCopied(ok) => s.snippet_copied = Some(ok),
            Action::CloseShare => {
                (s.share_link, s.embed_snippet, s.link_too_long) = (None, None, None);
                (s.copied, s.snippet_copied) = (None, None);
            }
            Action::DismissNotices => s.notices.clear(),
            Action::LoadScenario(scenario) => s.load(scenario),
            Action::SetSubscribes(i, on) => view_text(&mut s.fields, i).subscribes = on,
            Action::EditViewCids(i, t) => view_text(&mut s.fields, i).cid_all = t,
            Action::EditViewRoute(i, t) => view_text(&mut s.fields, i).route = t,
            Action::PickClient(i, c) => view_text(&mut s.fields, i).client = c,
            Action::PickInstanceStrategy(i, t) => view_text(&mut s.fields, i).strategy = t,
            Action::OpenImport(text) => {
                s.import_open = true;
                s.import_offer = text.map(Into::into).or(s.import_offer);
            }
            Action::Observe(o) => s.observed = o,
            Action::Import(o) => {
                if let Some(scenario) = super::observed::scenario_to_load(&o.0, &s.scenario) {
                    s.load(scenario);
                    s.observed = Some(o);
                }
            }
        }
        if edited {
            s.reparse();
            s.share_link = None;
            s.embed_snippet = None;
            s.link_too_long = None;
        }
        // The builder's instances run its client. The client is no field: later edits carry it over with the
        // clientId, as every per-instance setting. A refused list (too large a ring) changes no instance.
        if let Some(client) = built_by.filter(|_| s.problem(Field::Setting(Setting::Clients)).is_none()) {
            for i in &mut s.scenario.instances {
                i.client = client;
            }
        }
        Rc::new(s)
    }
}

fn next_broker_name(brokers: &[BrokerText]) -> String {
    ('a'..='z')
        .map(|c| format!("broker-{c}"))
        .find(|n| !brokers.iter().any(|b| b.name.trim() == n))
        .unwrap_or_else(|| format!("broker-{}", brokers.len() + 1))
}

// The views editor

fn view_text(f: &mut Fields, i: usize) -> &mut ViewText {
    if f.views.len() <= i {
        f.views.resize(i + 1, ViewText::default());
    }
    &mut f.views[i]
}

/// Each instance's view from its typed text: a bad list keeps that instance's last valid part and reports
/// at its field. Views that together would be too much work ([`split::check_views`]) are refused at the rows
/// that changed, which keep their last valid views.
fn reparse_views(f: &Fields, old: &Scenario, s: &mut Scenario, problems: &mut Vec<(Field, FieldError)>) {
    for i in 0..s.instances.len() {
        let t = f.views.get(i).cloned().unwrap_or_default();
        let inst = &mut s.instances[i];
        let mut view = inst.view.clone().unwrap_or_default();
        match split::parse_view_cids(&t.cid_all) {
            Ok(c) => view.cid_all = c,
            Err(p) => problems.push((Field::ViewCids(i), FieldError::Input(p))),
        }
        match split::parse_view_route(&t.route) {
            Ok(r) => view.brokers = r,
            Err(p) => problems.push((Field::ViewRoute(i), FieldError::Input(p))),
        }
        inst.view = (view.cid_all.is_some() || view.brokers.is_some()).then_some(view);
        inst.skips_topic = !t.subscribes;
    }
    if let Err(p) = split::check_views(s) {
        let previous = |i: usize| old.instances.get(i).and_then(|o| o.view.clone());
        let changed: Vec<usize> = (0..s.instances.len()).filter(|&i| s.instances[i].view != previous(i)).collect();
        for &i in &changed {
            s.instances[i].view = previous(i);
        }
        if split::check_views(s).is_err() {
            for i in &mut s.instances {
                i.view = None;
            }
        }
        let i = changed.first().copied().unwrap_or(0);
        let typed_cids = f.views.get(i).is_some_and(|t| !t.cid_all.trim().is_empty());
        problems.push((if typed_cids { Field::ViewCids(i) } else { Field::ViewRoute(i) }, FieldError::Input(p)));
    }
}
