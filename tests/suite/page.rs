//! The page's logic without a browser (`rebalance_playground::page`): the reducer as a person drives it,
//! the address read and written, and the model the views draw. The browser suites (`app*.rs`) keep what
//! needs a DOM.

use rebalance_playground::group::{simulate, Client, Lang, MessageModel, Scenario};
use rebalance_playground::page::model;
use rebalance_playground::page::state::{
    Action, Field, FieldError, Fields, InnerKind, RebalanceKind, Setting, State, StrategyKind,
};
use rebalance_playground::page::tab::Tab;
use rebalance_playground::page::theme::Theme;
use rebalance_playground::page::url;
use rebalance_playground::presets::Preset;
use rebalance_playground::rocketmq::Strategy;
use std::rc::Rc;

/// A fresh page on the default scenario, driven through `actions` one by one.
fn after(actions: impl IntoIterator<Item = Action>) -> Rc<State> {
    let mut s = Rc::new(State::new(Scenario::default(), Lang::En, vec![]));
    for a in actions {
        s = State::reduce(s, a);
    }
    s
}

#[test]
fn a_bad_count_keeps_the_last_valid_picture_and_says_why_at_its_field() {
    let s = after([Action::EditQueueCount(0, "-3".into())]);
    assert_eq!(s.scenario, Scenario::default(), "the picture keeps the last valid scenario");
    assert!(
        matches!(s.problem(Field::Setting(Setting::BrokerCount(0))), Some(FieldError::Input(_))),
        "{:?}",
        s.problem(Field::Setting(Setting::BrokerCount(0)))
    );
    assert_eq!(s.fields.brokers[0].count, "-3", "what was typed is kept");
    // Typing a good value clears the problem and the picture follows.
    let s = State::reduce(s, Action::EditQueueCount(0, "4".into()));
    assert_eq!(s.problem(Field::Setting(Setting::BrokerCount(0))), None);
    assert_eq!(s.scenario.brokers[0].read_queue_nums, 4);
}

#[test]
fn the_client_list_and_the_strategy_rebuild_the_scenario() {
    let s = after([Action::EditClients("a\nb\nb".into()), Action::PickStrategy(StrategyKind::AvgByCircle)]);
    let ids: Vec<&str> = s.scenario.instances.iter().map(|i| i.client_id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "b"]);
    assert_eq!(s.scenario.strategy, Strategy::AvgByCircle);
    let sim = simulate(&s.scenario);
    assert!(!sim.overlapped.is_empty(), "two instances share b: {:?}", sim.consumers);
}

#[test]
fn a_preset_loads_its_scenario_and_an_edit_keeps_the_rest() {
    let preset = Preset::ALL[1];
    let s = after([Action::LoadPreset(preset, preset.scenario())]);
    assert_eq!(s.scenario, preset.scenario());
    let s = State::reduce(s, Action::EditTopic("Orders".into()));
    assert_eq!(s.scenario.topic, "Orders");
    assert_eq!(s.scenario.instances, preset.scenario().instances);
}

#[test]
fn views_that_change_nothing_return_the_same_state() {
    let s = after([Action::Inspect(Some(2))]);
    let same = State::reduce(s.clone(), Action::Inspect(Some(2)));
    assert!(Rc::ptr_eq(&s, &same), "pointing at the same queue again draws nothing");
    let s = State::reduce(s, Action::SwitchLang(Lang::Zh));
    assert_eq!(s.lang, Lang::Zh);
    let s = State::reduce(s, Action::SwitchTheme(Theme::Dark));
    assert_eq!(s.theme, Theme::Dark);
    let s = State::reduce(s, Action::OpenTab(Tab::Diff));
    assert_eq!(s.tab, Some(Tab::Diff));
}

#[test]
fn a_state_written_to_the_address_reads_back_the_same() {
    let s = after([Action::EditClients("10.0.0.1@1\n10.0.0.2@1\n10.0.0.2@1".into())]);
    let value = rebalance_playground::group::link::encode_state(&s.scenario, Lang::Zh);
    let read = url::read_link_now(&format!("#s={value}")).expect("a #s= link");
    assert_eq!(read, Ok((s.scenario.clone(), Lang::Zh)));
    // A damaged link is refused with a reason, and the page opens the default with a notice.
    let bad = url::read_link_now("#s=1.garbage").expect("a #s= link");
    assert!(bad.is_err());
    let opening = url::opening("", Some(bad), None);
    assert_eq!(opening.scenario, Scenario::default());
    assert_eq!(opening.notices.len(), 1);
}

#[test]
fn readable_parameters_open_their_scenario_and_name_each_bad_value() {
    let search = "?strategy=AVG&queues=broker-a:4,broker-b:x&clients=a,b&lang=zh&theme=dark&embed=1&parts=grid";
    let opening = url::opening(search, None, url::read_params_now(search));
    assert_eq!(opening.scenario.strategy, Strategy::Avg);
    assert_eq!(opening.scenario.instances.len(), 2);
    assert_eq!((opening.lang, opening.theme, opening.embed), (Some(Lang::Zh), Some(Theme::Dark), true));
    assert_eq!(opening.parts.as_deref(), Some("grid"));
    assert_eq!(opening.notices.len(), 1, "the bad queue count is said once: {:?}", opening.notices);
    // The page's own parameters are not a scenario.
    assert!(!url::has_scenario_params("?lang=en&theme=dark&embed=1"));
}

/// The form and a readable link are read by one parser: the same settings give the same scenario, and a bad value
/// is named at its field and at its parameter alike.
#[test]
fn the_form_and_a_link_read_the_same_settings_alike() {
    let (linked, problems) = url::read_params_now(
        "?topic=Orders&queues=broker-a:4,broker-b:4&clients=a,b,c&strategy=MACHINE_ROOM_NEARBY&inner=CONSISTENT_HASH\
         &vnodes=20&separator=%23&model=BROADCASTING&rebalance=pop&share=2&sdks=,go,&strategies=,,AVG",
    )
    .expect("scenario parameters");
    assert!(problems.is_empty(), "{problems:?}");
    let typed = after([
        Action::EditTopic("Orders".into()),
        Action::EditQueueCount(0, "4".into()),
        Action::AddBroker,
        Action::EditClients("a\nb\nc".into()),
        Action::PickStrategy(StrategyKind::Nearby),
        Action::PickInner(InnerKind::ConsistentHash),
        Action::EditVirtualNodes("20".into()),
        Action::EditSeparator("#".into()),
        Action::PickModel(MessageModel::Broadcasting),
        Action::PickRebalance(RebalanceKind::Pop),
        Action::EditShareCount("2".into()),
        Action::PickClient(1, Client::Go),
        Action::PickInstanceStrategy(2, "AVG".into()),
    ]);
    assert_eq!((typed.scenario.clone(), typed.problems.clone()), (linked, vec![]));

    let (linked, problems) = url::read_params_now("?strategy=CONSISTENT_HASH&vnodes=ten").expect("scenario parameters");
    let typed = after([Action::PickStrategy(StrategyKind::ConsistentHash), Action::EditVirtualNodes("ten".into())]);
    assert_eq!(typed.scenario, linked);
    assert_eq!(problems[0].param, "vnodes");
    assert_eq!(
        typed.problems,
        [(Field::Setting(Setting::VirtualNodes), FieldError::Input(problems[0].problem.clone()))]
    );
}

#[test]
fn the_embed_snippet_frames_the_embed_page_and_its_way_out_is_the_full_page_beside_it() {
    let state = rebalance_playground::group::link::encode_state(&Scenario::default(), Lang::En);
    let address = url::embed_address(Theme::Auto, &state, Lang::En, "?lang=en");
    assert_eq!(address, format!("?embed=1&lang=en&parts=summary,strip,grid,findings#s={state}"));
    // The page's own options travel; the host's theme is written after the language.
    let dark = url::embed_address(Theme::Dark, &state, Lang::Zh, "?parts=grid&id=x");
    assert_eq!(dark, format!("?embed=1&lang=zh&theme=dark&parts=grid#s={state}"));
    for page in ["https://docs.example/rp/", "https://docs.example/rp/index.html"] {
        let snippet = url::iframe_snippet(page, Theme::Auto, &state, "t", Lang::En, "");
        let src = format!("https://docs.example/rp/embed.html{}", address.replace('&', "&amp;"));
        assert!(snippet.contains(&format!("src=\"{src}\"")), "{snippet}");
        assert!(snippet.contains("<script src=\"https://docs.example/rp/embed.js\" async>"), "{snippet}");
    }
    // The embed's link out: relative, so it is the same in the build's prerendered embed and wherever the
    // site is served; without the frame's plumbing, with the state.
    let (search, hash) = address.split_at(address.find('#').unwrap());
    let full = url::full_link(url::FULL_PAGE, &format!("{search}&id=doc&origin=x"), hash, Lang::En, Theme::Dark);
    assert_eq!(full, format!("index.html?parts=summary,strip,grid,findings&lang=en&theme=dark#s={state}"));
}

#[test]
fn a_view_in_the_address_reads_back() {
    let view = url::View { tab: Some(Tab::Backlog), inputs: vec![("rate".into(), "50".into())], explain: Some(1) };
    let search = format!("?{}", url::view_query(&view).join("&"));
    assert_eq!(url::read_view_now(&search), view);
    assert_eq!(url::read_view_now("?tab=nothing"), url::View::default());
}

#[test]
fn the_model_names_each_queue_and_its_state() {
    let s = Scenario::seed();
    let sim = simulate(&s);
    let owners = model::Holders::computed(&sim);
    assert_eq!(owners.owners.len(), sim.mq_all.len());
    let states: Vec<model::QueueState> = (0..sim.mq_all.len()).map(|q| model::queue_state(&sim, &owners, q)).collect();
    for &q in &sim.starved {
        assert_eq!(states[q], model::QueueState::Starved);
    }
    for &q in &sim.overlapped {
        assert_eq!(states[q], model::QueueState::Overlapped);
    }
    let story = model::describe_queue(&sim, &owners, sim.starved[0], false, Lang::En);
    assert!(story.contains(&sim.queue_key(sim.starved[0])), "{story}");
}

/// What the import panel does with a read: `Action::Import` with what `text` rebuilds to.
fn import(s: Rc<State>, text: &str) -> Rc<State> {
    use rebalance_playground::import::{rebuild, Input, Options};
    use rebalance_playground::page::observed::Observed;
    let rebuilt = rebuild(&[Input::new("paste", text)], &Options::default());
    State::reduce(s, Action::Import(Observed(Rc::new(rebuilt))))
}

const CONNECTION: &str = "#ClientId   #ClientAddr   #Language  #Version
10.0.0.12@1  10.0.0.12:50001  JAVA  V5_3_3

Below is subscription:
#Topic  #SubExpression
orders  *

ConsumeType: CONSUME_PASSIVELY
MessageModel: CLUSTERING
";
const ROUTE: &str =
    r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":4,"writeQueueNums":4}]}"#;

#[test]
fn an_import_that_gives_no_scenario_keeps_the_one_the_page_had() {
    let s = import(after([]), &format!("{CONNECTION}{ROUTE}"));
    assert_eq!(s.scenario.topic, "orders");
    assert!(s.observed.is_some());
    // Unreadable text, and a recognised output that holds nothing a scenario needs (consumerProgress
    // without -g): the very same state.
    for nothing in
        ["hello world", "#Group  #Version  #Count  #Model  #TPS  #Diff Total\nGID_a  V5_3_3  2  CLUSTERING  0  0\n"]
    {
        let kept = import(s.clone(), nothing);
        assert!(Rc::ptr_eq(&kept, &s), "{nothing}: {:?}", kept.scenario);
    }
}

#[test]
fn an_import_without_a_topic_leaves_the_topic_field_valid() {
    // A consumerConnection without its subscription table names no topic.
    let connection = "#ClientId   #ClientAddr   #Language  #Version\n10.0.0.12@1  10.0.0.12:50001  JAVA  V5_3_3\n";
    let before = after([]);
    let s = import(before.clone(), connection);
    assert_eq!(s.scenario.instances.len(), 1, "the instances are loaded");
    assert_eq!(s.scenario.topic, before.scenario.topic, "the editors keep the topic they had");
    assert_eq!(s.fields.topic, before.scenario.topic);
    assert_eq!(s.problem(Field::Setting(Setting::Topic)), None);
    for (lang, unknown) in [(Lang::En, "topic unknown"), (Lang::Zh, "未知")] {
        let line = rebalance_playground::page::observed::rebuilt_group(lang, &s.observed.as_ref().unwrap().0);
        assert!(line.contains(unknown), "{line}");
        assert!(!line.contains(", ,") && !line.contains("topic ,"), "{line}");
    }
}

#[test]
fn the_observed_summary_is_left_out_when_the_cluster_reported_no_queue() {
    use rebalance_playground::page::observed::observed_summary;
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(observed_summary(lang, 0, 0, &[]), None);
        assert!(observed_summary(lang, 256, 256, &[]).unwrap().contains("256"));
    }
    assert!(observed_summary(Lang::En, 1, 1, &[]).unwrap().starts_with("The cluster reported 1 queue; 1 of them is"));
}

#[test]
fn the_grid_says_nothing_is_too_many_without_rows() {
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(model::rows_list_queues_note(lang, 256, 0), None, "256 queues × 0 rows");
        assert!(model::rows_list_queues_note(lang, 256, 2).unwrap().contains("256"));
        assert_eq!(model::rows_list_queues_note(lang, 8, 2), None);
    }
    assert!(model::rows_list_queues_note(Lang::En, 256, 1).unwrap().starts_with("256 queues × 1 row are"));
}

/// The made-up paste the import panel warms its code with goes down the whole path of a real one: both outputs
/// read, the group's instances and queues, every queue's holder reported and compared, the shared clientId seen.
#[test]
fn the_warm_up_paste_is_read_as_a_whole_group() {
    use rebalance_playground::import::{observed_vs_computed, rebuild, split_outputs, Input, Options};
    use rebalance_playground::page::observed;
    let text = observed::sample_paste(30, 300);
    let parts = split_outputs(&text);
    assert_eq!(parts.len(), 2, "{text}");
    let inputs: Vec<Input> = parts.iter().map(|t| Input::new("paste", t)).collect();
    let r = rebuild(&inputs, &Options::default());
    assert!(r.gives_a_scenario() && r.instances_known && r.queues_known(), "{:?}", r.notes);
    assert_eq!(r.scenario.instances.len(), 30);
    assert_eq!(r.scenario.brokers.iter().map(|b| b.read_queue_nums).sum::<u32>(), 300);
    let sim = simulate(&r.scenario);
    let checks = observed_vs_computed(&r, &sim);
    assert_eq!(checks.len(), 300);
    assert!(checks.iter().all(|c| c.agrees.is_some()), "every holder reported and compared");
    assert!(checks.iter().any(|c| c.agrees == Some(false)), "the shared clientId's queues disagree somewhere");
    assert_eq!(observed::marks(&r, &sim).iter().flatten().count(), 300);
    assert!(!r.inputs.iter().any(|i| i.format.is_none()), "{:?}", r.inputs);
}

/// The page checks an import against its simulation once, for the marks and the report: the marks made from
/// those checks are the marks made afresh, for the imported group and for an edit of it (a member fewer, which
/// moves holders); the checks of the group before the edit would mark it wrongly.
#[test]
fn marks_from_the_pages_checks_are_the_marks_made_afresh() {
    use rebalance_playground::import::{observed_vs_computed, rebuild, split_outputs, Input, Options};
    use rebalance_playground::page::observed;
    let text = observed::sample_paste(30, 300);
    let inputs: Vec<Input> = split_outputs(&text).iter().map(|t| Input::new("paste", t)).collect();
    let r = rebuild(&inputs, &Options::default());
    let sim = simulate(&r.scenario);
    let mut edited = r.scenario.clone();
    edited.instances.pop();
    let sim_edited = simulate(&edited);
    for (name, sim) in [("imported", &sim), ("a member fewer", &sim_edited)] {
        let checks = observed_vs_computed(&r, sim);
        assert_eq!(observed::marks_of(&r, sim, &checks), observed::marks(&r, sim), "{name}");
    }
    let stale = observed::marks_of(&r, &sim_edited, &observed_vs_computed(&r, &sim));
    assert_ne!(stale, observed::marks(&r, &sim_edited), "the checks belong to one simulation");
}

/// The mixed-strategy fixtures, without their first lines (a note): the connection list, the route and the
/// five instances' `consumerStatus -i`. Included, not read: this suite runs in wasm too.
fn mixed_outputs() -> [&'static str; 7] {
    macro_rules! mixed {
        ($f:literal) => {
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cluster-output/mixed/", $f))
        };
    }
    [
        mixed!("connection.txt"),
        mixed!("topicRoute.txt"),
        mixed!("status-1.txt"),
        mixed!("status-2.txt"),
        mixed!("status-3.txt"),
        mixed!("status-4.txt"),
        mixed!("status-5.txt"),
    ]
    .map(|t| &t[t.find('\n').unwrap() + 1..])
}

/// `texts` pasted one after another into the import box, each line through `line` (`None` drops it).
fn paste_of(texts: &[&str], line: impl Fn(&str) -> Option<String>) -> String {
    let mut paste = String::new();
    for text in texts {
        paste.extend(text.split_inclusive('\n').filter_map(&line));
        paste.push('\n');
    }
    paste
}

/// The mixed-strategy fixtures pasted one after another into the import box; with `strip`, without the lines
/// that name the strategy.
fn mixed_paste(strip: bool) -> String {
    paste_of(&mixed_outputs(), |l| (!(strip && l.starts_with("allocateMessageQueueStrategy"))).then(|| l.to_string()))
}

/// The page's state after importing `paste`, one input per output, as the import panel does.
fn imported(paste: &str) -> Rc<State> {
    use rebalance_playground::import::{rebuild, split_outputs, Input, Options};
    use rebalance_playground::page::observed::Observed;
    let parts = split_outputs(paste);
    let names: Vec<String> = (1..=parts.len()).map(|i| format!("paste {i}")).collect();
    let inputs: Vec<Input> = names.iter().zip(&parts).map(|(n, t)| Input::new(n, t)).collect();
    State::reduce(after([]), Action::Import(Observed(Rc::new(rebuild(&inputs, &Options::default())))))
}

/// The strip and the grid draw what the clients hold, the verdict the CLI tells: here every client names AVG,
/// so the computation says every queue has one consumer, while what each holds leaves broker-a:3 and :4 to
/// nobody and broker-b:1 and :4 to two. With one report missing, the queues say which are known and which
/// computed.
#[test]
fn the_strip_and_the_grid_draw_what_the_clients_hold_not_what_is_computed() {
    use rebalance_playground::page::observed::verdict_of;
    const AVG: &str = "org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@70dea4e";
    let all_avg = |l: &str| {
        Some(match l.strip_prefix("allocateMessageQueueStrategy") {
            Some(rest) => format!("allocateMessageQueueStrategy{}: {AVG}\n", &rest[..rest.find(':').unwrap()]),
            None => l.to_string(),
        })
    };
    let s = imported(&paste_of(&mixed_outputs(), all_avg));
    let sim = simulate(&s.scenario);
    assert!(sim.starved.is_empty() && sim.overlapped.is_empty(), "the computation says all-clear");
    let v = verdict_of(s.observed.as_ref(), &s.scenario, &sim).expect("the imported group");
    let holders = model::Holders::told(&sim, Some(&v));
    let keys = |state: model::QueueState| -> Vec<String> {
        (0..sim.mq_all.len())
            .filter(|&q| model::shown_state(&sim, &holders, q, false) == state)
            .map(|q| sim.queue_key(q))
            .collect()
    };
    assert_eq!(keys(model::QueueState::Starved), ["broker-a:3", "broker-a:4"]);
    assert_eq!(keys(model::QueueState::Overlapped), ["broker-b:1", "broker-b:4"]);
    let at = |k: &str| (0..sim.mq_all.len()).find(|&q| sim.queue_key(q) == k).unwrap();
    // The grid's rows: each instance's own queues.
    let held_by = |id: &str| -> Vec<String> {
        let i = s.scenario.instances.iter().position(|x| x.client_id == id).unwrap();
        (0..sim.mq_all.len()).filter(|&q| holders.owners[q].contains(&i)).map(|q| sim.queue_key(q)).collect()
    };
    assert_eq!(held_by("10.0.0.11@1"), ["broker-a:0", "broker-a:5", "broker-b:4"]);
    // What a click on a queue opens.
    let story = model::describe_queue(&sim, &holders, at("broker-a:3"), false, Lang::En);
    assert_eq!(
        story,
        "broker-a:3: no instance consumes it; its messages pile up. As the clients' own reports say, not computed."
    );
    let story = model::describe_queue(&sim, &holders, at("broker-b:4"), false, Lang::Zh);
    assert!(
        story.contains("10.0.0.11@1") && story.contains("10.0.0.15@1") && story.contains("客户端自己报告"),
        "{story}"
    );
    // Without a report: computed, and said as nothing more.
    let computed = model::Holders::computed(&sim);
    assert_eq!(model::shown_state(&sim, &computed, at("broker-a:3"), false), model::QueueState::Single);
    assert_eq!(model::Holders::told(&sim, None), computed);

    // The fifth instance's report left out: the queues two reports hold are known, the others computed.
    let outputs = mixed_outputs();
    let s = imported(&paste_of(&outputs[..6], all_avg));
    let sim = simulate(&s.scenario);
    let v = verdict_of(s.observed.as_ref(), &s.scenario, &sim).expect("the imported group");
    let holders = model::Holders::told(&sim, Some(&v));
    let known: Vec<String> =
        (0..sim.mq_all.len()).filter(|&q| holders.known(q) == Some(true)).map(|q| sim.queue_key(q)).collect();
    assert_eq!(known, ["broker-b:1"], "held by two that reported");
    let story = model::describe_queue(&sim, &holders, at("broker-a:0"), false, Lang::En);
    assert!(story.ends_with("Computed: not every instance reported what it holds."), "{story}");
    assert_eq!(model::held_attr(holders.known(at("broker-a:0"))), Some("computed"));
}

#[test]
fn five_pasted_consumer_status_outputs_of_a_mixed_group_read_as_the_cli_reads_them() {
    use rebalance_playground::import::{rebuild, split_outputs, Input, Options, Source};
    use rebalance_playground::page::observed::verdict_of;
    use rebalance_playground::page::observed::Observed;
    for strip in [false, true] {
        let paste = mixed_paste(strip);
        let parts = split_outputs(&paste);
        assert_eq!(parts.len(), 7, "strip {strip}");
        let names: Vec<String> = (1..=parts.len()).map(|i| format!("paste {i}")).collect();
        let inputs: Vec<Input> = names.iter().zip(&parts).map(|(n, t)| Input::new(n, t)).collect();
        let rebuilt = rebuild(&inputs, &Options::default());
        let s = State::reduce(after([]), Action::Import(Observed(Rc::new(rebuilt))));
        let sim = simulate(&s.scenario);
        let v = verdict_of(s.observed.as_ref(), &s.scenario, &sim).expect("the imported group, unedited");
        assert_eq!(v.source, Source::Observed);
        let label = |qs: &[usize]| qs.iter().map(|&q| sim.queue_key(q)).collect::<Vec<_>>();
        assert_eq!(label(&v.starved), ["broker-a:3", "broker-a:4"]);
        assert_eq!(label(&v.overlapped), ["broker-b:1", "broker-b:4"]);
        let told = model::findings_told(&sim, Some(&v), model::Unknown::Nothing);
        let said: Vec<String> = told.iter().map(|f| f.text(&sim, Lang::En)).collect();
        assert!(said[0].contains("run different strategies"), "{said:?}");
        assert!(said.iter().all(|t| !t.contains("exactly one consumer")), "{said:?}");
        // The retry topic's slots go on its line.
        let retry = rebalance_playground::group::simulate_retry(&s.scenario).unwrap();
        let line = model::retry_line_with(&model::retry_line(&retry, Lang::En), &told, &sim, Lang::En);
        assert!(line.contains("can ever get retries"), "{line}");
        // An edit makes it another group: nobody reported on that one.
        let edited = State::reduce(s.clone(), Action::PickStrategy(StrategyKind::ConsistentHash));
        let sim = simulate(&edited.scenario);
        assert!(verdict_of(edited.observed.as_ref(), &edited.scenario, &sim).is_none());
    }
}

#[test]
fn the_retry_slots_are_told_on_the_retry_topics_line_not_among_the_findings() {
    use rebalance_playground::group::Instance;
    use rebalance_playground::rocketmq::BrokerQueues;
    let s = Scenario {
        brokers: vec![BrokerQueues::new("broker-a", 8)],
        instances: ["a", "b", "c"].map(Instance::new).to_vec(),
        group: "g".into(),
        strategy: Strategy::Avg,
        ..Scenario::default()
    };
    let sim = simulate(&s);
    let told = model::findings_told(&sim, None, model::Unknown::Nothing);
    let r = rebalance_playground::group::simulate_retry(&s).unwrap();
    assert_eq!(
        model::retry_line_with(&model::retry_line(&r, Lang::En), &told, &sim, Lang::En),
        "Retry topic %RETRY%g (1 per broker): 0 → a. Only 1 of 3 instances can ever get retries: the retry topic \
         has 1 broker × retryQueueNums 1 = 1 queue. That the others hold no retry queue is the design, not starvation."
    );
    // Information after every problem: the slots come last.
    assert!(matches!(sim.findings.last(), Some(rebalance_playground::group::Finding::RetrySlots { .. })));
}

/// A timing lesson opens the rebalance tab on the change its words tell, drawn afresh each time.
#[test]
fn a_timing_lesson_opens_the_rebalance_tab_on_its_change() {
    use rebalance_playground::lessons::LessonId;
    let l = LessonId::OrderlyLocks;
    let s = l.setup(1);
    let inputs = l.rebalance_tab(&s).expect("a timing lesson");
    let get = |k: &str| inputs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    assert_eq!((get("change"), get("consumption")), (Some("kill"), Some("orderly")));
    assert_eq!(get("who"), Some((s.instances.len() - 1).to_string().as_str()));
    assert_eq!(LessonId::DeployCost.rebalance_tab(&s), Some(vec![("change".into(), "join".into())]));
    assert_eq!(LessonId::Idle.rebalance_tab(&s), None);
    let state = Rc::new(State::new(Scenario::seed(), Lang::En, vec![]));
    let opened = State::reduce(state, Action::OpenTabWith(Tab::Diff, inputs.clone()));
    assert_eq!((opened.tab, &*opened.tab_inputs, opened.tab_set), (Some(Tab::Diff), &inputs, 1));
    let again = State::reduce(opened, Action::OpenTabWith(Tab::Diff, inputs));
    assert_eq!(again.tab_set, 2, "drawn afresh");
}

/// The strategy picker's names are the strategies' own: each reads back as the strategy (inner strategy, who
/// runs it) it names.
#[test]
fn the_strategy_pickers_names_read_back_as_their_strategies() {
    use rebalance_playground::group::input::parse_strategy;
    use rebalance_playground::group::settings::apply_params;
    for k in StrategyKind::ALL {
        assert_eq!(StrategyKind::of(&parse_strategy(k.name(), 10, &[], '@').unwrap()), k);
    }
    for k in InnerKind::ALL {
        let nearby = parse_strategy(&format!("MACHINE_ROOM_NEARBY-{}", k.name()), 10, &[], '@').unwrap();
        assert_eq!(Fields::from_scenario(&Scenario { strategy: nearby, ..Scenario::default() }).inner, k);
    }
    for k in RebalanceKind::ALL {
        let (s, problems) = apply_params(&Scenario::default(), &[("rebalance".into(), k.name().into())]);
        assert_eq!((Fields::from_scenario(&s).rebalance, problems), (k, vec![]));
    }
}
