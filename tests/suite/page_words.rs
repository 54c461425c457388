//! The page's words in the pseudo-locale: every message of `page.ftl`, `tour.ftl`, `explain.ftl` and
//! `export.ftl` with values, every step the explain panel says for every preset and for groups that reach each
//! way an instance can compute, and the exported picture's words. A sentence without the pseudo marks, or with
//! a plain word that is not one of the values it was given, was made in Rust rather than read from the files.
#![cfg(not(target_arch = "wasm32"))]

use rebalance_playground::explain::words::{hash_columns, node_columns, steps};
use rebalance_playground::explain::{explain_with_view, Method};
use rebalance_playground::export;
use rebalance_playground::group::reported_id::Network;
use rebalance_playground::group::View;
use rebalance_playground::group::{simulate, Client, Instance, MessageModel, Rebalance, Scenario};
use rebalance_playground::presets::Preset;
use rebalance_playground::rocketmq::broker::RequestMode;
use rebalance_playground::rocketmq::{BrokerQueues, Inner, MessageQueue, Strategy};
use rebalance_playground::words::{self, Lang};
use std::collections::BTreeSet;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const FILES: [&str; 4] = ["page", "tour", "explain", "export"];

/// Accented and bracketed, and every plain ASCII word one of `values` (what the placeables showed).
fn in_the_files(text: &str, values: &BTreeSet<String>) -> bool {
    let mut plain = text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty());
    text.starts_with('[') && text.ends_with(']') && plain.all(|w| values.contains(w))
}

/// The messages of `locales/en/<file>.ftl`, by the name of their function.
fn messages(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{ROOT}/locales/en/{file}.ftl")).unwrap();
    text.lines()
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id))
        .filter(|id| id.starts_with(|c: char| c.is_ascii_lowercase()) && !id.contains(' '))
        .map(|id| id.replace('-', "_"))
        .collect()
}

/// Each message with no variables, by its function's name.
macro_rules! fixed {
    ($($f:ident)*) => { vec![$((stringify!($f), words::$f(Lang::Pseudo).to_string())),*] };
}

/// A message with variables, by its function's name, with the values after the language.
macro_rules! with {
    ($f:ident($($arg:expr),*)) => { (stringify!($f), words::$f(Lang::Pseudo, $($arg),*)) };
}

#[test]
fn every_message_of_the_page_is_in_the_files() {
    let mut said: Vec<(&str, String)> = fixed!(
        explain_avg_size_one explain_broker_pull explain_column_node_go explain_column_node_hash
        explain_column_node_java explain_column_owner explain_column_queue explain_column_queue_crc
        explain_column_queue_hash explain_config explain_config_none explain_hash_go_owner explain_hash_java_owner
        explain_nearby_as_avg explain_no_answer explain_no_broker explain_node_hash explain_node_key explain_none
        explain_own_view explain_room_bug page_add_broker page_assignment page_broker_name page_brokers page_builder
        page_builder_count page_builder_docker_button page_builder_host_ip page_builder_host_name page_builder_index
        page_builder_instance_name page_builder_intro page_builder_library page_builder_network page_builder_pid
        page_builder_unit_name page_builder_use_these_ids page_builder_version page_builder_why_cpp
        page_builder_why_go page_builder_why_grpc page_builder_why_java47 page_builder_why_java49
        page_builder_would_report page_by_broker_pop page_by_broker_pull page_by_client page_client_cpp
        page_client_go page_client_grpc page_client_ids page_client_ids_hint page_client_java47 page_client_java49
        page_client_java5 page_clients_tool_output page_close page_config_hint page_config_lists page_copied
        page_copy_by_hand page_copy_snippet_by_hand page_detail_idle page_detail_idle_touch page_cid_all_note page_diagnosis page_dismiss page_distinct_ids
        page_embed page_embed_label page_guide page_explain_title page_first_screen_embed_ready page_first_screen_embed_waiting page_first_screen_ready page_first_screen_waiting page_fix page_grid_hint
        page_group page_headline_healthy page_headline_disabled
        page_headline_separator page_idcs page_idcs_hint page_import_title page_inner page_instances
        page_kept_previous page_language page_legend page_legend_blocks page_legend_overlap page_legend_shared
        page_any_group page_any_topic page_legend_held page_legend_held_partly page_legend_single page_legend_starved page_legend_unknown page_link_label page_link_problems
        page_message_model page_no_queues page_open_full page_overlapped
        page_panic page_part_editor page_part_explain page_part_import page_part_lessons page_part_loading
        page_part_tour page_per_instance page_pop_share page_presets page_queues
        page_queues_short page_read_as_import page_read_queues page_rebalance page_remove page_reset page_retry
        page_scenario page_scenario_yours page_separator page_share page_skip_to_picture page_starved page_state_corrupt
        page_state_too_large page_strategy page_tagline page_theme page_theme_auto page_theme_dark page_theme_light
        page_title page_topic page_unknown page_updated page_views_cids page_views_client page_views_hint page_views_own_strategy
        page_views_route page_views_title page_virtual_nodes page_group_config page_group_config_hint
        page_consume_enable page_notify_ids_changed page_consume_orderly page_retry_queue_nums page_retry_nobody tour_backlog_line tour_change tour_choose_file
        tour_consume tour_contrast_intro tour_contrast_why tour_duplicates_line tour_expected_bool tour_expected_list
        tour_expected_number tour_expected_object tour_expected_other tour_expected_text tour_export_csv
        tour_export_json tour_export_note tour_export_png tour_export_snippet tour_export_snippet_hint
        tour_export_snippet_label tour_export_svg tour_file_corrupt tour_file_too_large
        tour_found_list tour_found_object tour_found_other tour_hint tour_instance tour_load_scenario tour_loaded
        tour_moved_legend tour_moves tour_moves_per_strategy tour_multi_topic tour_new_client_id tour_new_count
        tour_next tour_picture tour_prev tour_produce tour_reset tour_reset_none tour_restart_note tour_save_scenario
        tour_seconds tour_skips_topic tour_snippet_by_hand tour_snippet_copied tour_spread tour_strategy tour_title
        tour_view_current tour_view_members tour_view_route tour_view_sees tour_view_stale tour_views_intro
        tour_views_none
    );
    // Values without letters, so any plain letter is a word from the code; every count as one and as many.
    let v = "7";
    for n in [1usize, 7] {
        said.extend([
            with!(explain_avg_remainder(v, v, n)),
            with!(explain_broadcasting(n)),
            with!(explain_broker_pop(n)),
            with!(explain_hash_go(v, n, n)),
            with!(explain_hash_java(v, n, n)),
            with!(explain_nearby_local(v, n, v, v)),
            with!(explain_nearby_orphan(n, v, v, v)),
            with!(explain_pop_whole(v, v, n, v)),
            with!(explain_room_served(n, v, v)),
            with!(explain_sorted(n, n)),
            with!(explain_sorted_by_bytes(v, n, n)),
            with!(explain_view_cid_all(v, v, n, v, n)),
            with!(explain_view_cid_all(v, v, 0usize, v, 0usize)),
            with!(export_describe(v, n, n, v)),
            with!(page_big_grid(n, n)),
            with!(page_builder_all_distinct(n)),
            with!(page_builder_shared(n, v)),
            with!(page_headline_counts(n, n)),
            with!(page_headline_overlapped(n)),
            with!(page_headline_shared(n)),
            with!(page_headline_starved(n)),
            with!(page_headline_unknown(v, n)),
            with!(page_headline_queues_unknown(n, v)),
            with!(page_more_instances(n)),
            with!(page_queue_count(n)),
            with!(page_single_run(n, v, v, v)),
            with!(page_strip_drawing(n)),
            with!(tour_backlog_summary(n, v, v)),
            with!(tour_backlog_summary_reset(n, n, v, n)),
            with!(tour_moved_count(n)),
        ]);
    }
    said.extend([
        with!(explain_avg_nothing(v, v)),
        with!(explain_avg_range(v, v, v)),
        with!(explain_avg_size(v, v, v, v, v)),
        with!(explain_avg_size_plus_one(v, v, v, v, v)),
        with!(explain_avg_start(v, v, v)),
        with!(explain_avg_start_after_longer(v, v, v, v)),
        with!(explain_circle(v, v, v, v)),
        with!(explain_error(v)),
        with!(explain_index(v, v)),
        with!(explain_index_copies(v, v, v)),
        with!(explain_nearby_no_local(v)),
        with!(explain_nearby_room(v, v)),
        with!(explain_not_in_cid_all(v)),
        with!(explain_not_subscribed(v, v)),
        with!(explain_pop_one_each(v, v, v, v, v)),
        with!(explain_proxy(v)),
        with!(explain_result(v)),
        with!(explain_room_block(v, v, v, v)),
        with!(explain_room_slot(v, v, v, v, v, v)),
        with!(explain_stale_route(v)),
        with!(export_copy_label(v, v, v)),
        with!(export_footer(v, v)),
        with!(page_builder_bad_ip(v)),
        with!(page_copy_of(v, v)),
        with!(page_group_strategy_option(v)),
        with!(page_headline(v, v)),
        with!(page_link_too_long(v, v)),
        with!(page_misses_newest(v)),
        with!(page_only_avg(v, v)),
        with!(page_part_failed(v)),
        with!(page_queue_cell(v, v)),
        with!(page_queue_overlapped(v, v, v)),
        with!(page_queue_shared(v, v, v)),
        with!(page_queue_single(v, v)),
        with!(page_queue_disabled(v, v)),
        with!(page_queue_starved(v)),
        with!(page_queue_unknown(v)),
        with!(page_queue_reported(v)),
        with!(page_queue_computed(v)),
        with!(page_remove_broker(v)),
        with!(page_state_future_version(v)),
        with!(page_state_invalid(v)),
        with!(page_state_too_long(v, v)),
        with!(page_storage_notice(v)),
        with!(page_subscribes_to(v)),
        with!(page_views_rows_limit(v)),
        with!(page_views_truth(v, v)),
        with!(tour_at_most(v)),
        with!(tour_backlog_span(v)),
        with!(tour_bad_file(v)),
        with!(tour_compare_intro(v)),
        with!(tour_expected_whole_number(v, v)),
        with!(tour_file_eof(v)),
        with!(tour_file_instance(v, v)),
        with!(tour_file_missing(v, v)),
        with!(tour_file_other(v)),
        with!(tour_file_place_field(v, v)),
        with!(tour_file_place_value(v)),
        with!(tour_file_syntax(v, v)),
        with!(tour_file_unknown_name(v, v)),
        with!(tour_file_wrong(v, v, v)),
        with!(tour_found_text(v)),
        with!(tour_step_of(v, v, v)),
        with!(page_scenario_shown(v)),
        with!(page_retry_topic(v, v, v)),
        with!(page_retry_topic_each(v, v, v)),
        with!(page_retry_queue(v, v)),
        with!(page_retry_with_slots(v, v)),
    ]);
    // Every key of every select.
    for p in Preset::ALL.into_iter().chain(Preset::SPLIT) {
        said.push(with!(page_preset(p.id())));
    }
    for library in ["java", "go", "cpp", "grpc"] {
        said.push(with!(page_builder_library_name(library)));
    }
    for n in Network::ALL {
        said.push(with!(page_builder_network_name(n.code())));
    }
    for tab in ["compare", "diff", "views", "backlog", "contrast", "export"] {
        said.push(with!(tour_tab(tab)));
    }
    for change in ["join", "leave", "kill", "hostloss", "restart", "queues"] {
        said.push(with!(tour_change_kind(change)));
    }
    for stage in ["before", "down", "after"] {
        said.push(with!(tour_stage(stage)));
    }

    let none = BTreeSet::new();
    let wrong: Vec<String> =
        said.iter().filter(|(_, text)| !in_the_files(text, &none)).map(|(f, text)| format!("{f}: {text}")).collect();
    assert!(wrong.is_empty(), "not from the files:\n{}", wrong.join("\n"));
    let tried: BTreeSet<&str> = said.iter().map(|(f, _)| *f).collect();
    let untried: Vec<String> = FILES.iter().flat_map(|f| messages(f)).filter(|m| !tried.contains(m.as_str())).collect();
    assert!(untried.is_empty(), "messages this test does not say yet: {untried:?}");
}

#[test]
fn every_select_key_of_the_page_has_its_own_words() {
    let distinct = |texts: Vec<String>| texts.iter().collect::<BTreeSet<_>>().len() == texts.len();
    let presets = Preset::ALL.into_iter().chain(Preset::SPLIT);
    assert!(distinct(presets.map(|p| words::page_preset(Lang::En, p.id())).collect()));
    assert!(distinct(Network::ALL.map(|n| words::page_builder_network_name(Lang::En, n.code())).to_vec()));
    let tabs = ["compare", "diff", "views", "backlog", "contrast", "export"];
    assert!(distinct(tabs.map(|t| words::tour_tab(Lang::Zh, t)).to_vec()));
}

/// Groups that, with the presets, reach every way an instance computes, and every source of its lists.
fn groups() -> Vec<Scenario> {
    let base = |strategy: Strategy, ids: &[&str]| Scenario {
        strategy,
        instances: ids.iter().map(|i| Instance::new(*i)).collect(),
        ..Scenario::seed()
    };
    let broker = |mode: RequestMode, strategy: Strategy, ids: &[&str]| Scenario {
        rebalance: Rebalance::Broker { mode },
        ..base(strategy, ids)
    };
    let ten: Vec<String> = (0..10).map(|i| format!("1{i}")).collect();
    let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
    let mut groups: Vec<Scenario> = Preset::ALL.into_iter().chain(Preset::SPLIT).map(Preset::scenario).collect();
    groups.extend([
        base(Strategy::ConsistentHash { virtual_nodes: -1 }, &["1"]),
        base(Strategy::Avg, &["1", "2"]),
        broker(RequestMode::Pull, Strategy::ConsistentHash { virtual_nodes: 3 }, &["1", "2"]),
        broker(RequestMode::Pull, Strategy::Avg, &["1", "2", "3"]),
        broker(RequestMode::Pop { share: 0 }, Strategy::Avg, &["1", "2", "3"]),
        broker(RequestMode::Pop { share: 1 }, Strategy::Avg, &ten),
        broker(RequestMode::Pop { share: 1 }, Strategy::Avg, &["1", "2", "3", "4"]),
        base(Strategy::Config { queues: None }, &["1", "2"]),
        Scenario { brokers: vec![BrokerQueues::new("1", 1)], ..base(Strategy::Avg, &["1"]) },
    ]);
    let mut proxy = base(Strategy::Avg, &["1", "2"]);
    proxy.instances[1].client = Client::Grpc;
    let mut configured = base(Strategy::Config { queues: None }, &["1"]);
    configured.instances[0].config = Some(vec![MessageQueue::new("TopicTest", "broker-a", 1)]);
    let mut room = base(Strategy::MachineRoom { idcs: vec!["room".into()] }, &["1", "2"]);
    room.brokers = vec![BrokerQueues::new("room@broker-a", 5), BrokerQueues::new("other@broker-b", 3)];
    let mut nearby = base(Strategy::Nearby { inner: Inner::Avg, separator: '@' }, &["room@1", "away@2"]);
    nearby.brokers = vec![BrokerQueues::new("room@broker-a", 4), BrokerQueues::new("other@broker-b", 2)];
    let mut own = base(Strategy::Avg, &["1", "2", "3"]);
    own.instances[0].view = Some(View {
        cid_all: Some(vec!["1".into(), "2".into(), "9".into()]),
        brokers: Some(vec![BrokerQueues::new("broker-a", 4)]),
    });
    own.instances[1].view = Some(View { cid_all: Some(vec!["1".into(), "3".into()]), brokers: None });
    let mut broadcast = base(Strategy::Avg, &["1", "2"]);
    broadcast.model = MessageModel::Broadcasting;
    let mut go_nearby = Preset::MachineRooms.scenario();
    go_nearby.instances[0].client = Client::Go;
    groups.extend([proxy, configured, room, nearby, go_nearby, own, broadcast]);
    groups
}

/// The name of an instance's way of computing (every one named here, so a new one must be reached too).
fn method_name(m: &Method) -> &'static str {
    match m {
        Method::Broadcasting => "broadcasting",
        Method::Error(_) => "error",
        Method::NoAnswer => "no answer",
        Method::Avg(_) => "avg",
        Method::Circle { .. } => "circle",
        Method::Hash(h) if h.go => "go ring",
        Method::Hash(_) => "java ring",
        Method::MachineRoom(r) if r.from_mq_all => "machine room, go",
        Method::MachineRoom(_) => "machine room",
        Method::Nearby(n) if n.local_queues.is_empty() => "nearby, no local queue",
        Method::Nearby(n) if !n.orphan_rooms.is_empty() => "nearby, room without consumers",
        Method::Nearby(_) => "nearby",
        Method::Config { configured: true } => "config",
        Method::Config { configured: false } => "config, none",
        Method::NotSubscribed { .. } => "not subscribed",
        Method::NotInCidAll => "not in cidAll",
        Method::Proxy { .. } => "proxy",
        Method::NearbyAsAvg(_) => "nearby as avg",
        Method::PopWhole { .. } => "pop whole",
        Method::PopOneEach { .. } => "pop one each",
    }
}

/// The plain words a group's steps may show: everything of the scenario (clientIds, brokers, rooms, the
/// topic), the strategies' and clients' names, and the names of the two lists a machine-room block reads.
fn values(s: &Scenario) -> BTreeSet<String> {
    let json = serde_json::to_string(s).unwrap();
    let names = Client::ALL.map(|c| c.label().to_string());
    let words = ["AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "mqAll", "served"].map(String::from);
    let text = [json].into_iter().chain(names).chain(words).collect::<Vec<_>>().join(" ");
    text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()).map(String::from).collect()
}

#[test]
fn every_step_the_explain_panel_says_is_in_the_files() {
    let (mut wrong, mut reached) = (vec![], BTreeSet::new());
    for s in groups() {
        let sim = simulate(&s);
        let values = values(&s);
        for i in 0..s.instances.len() {
            let (e, own) = explain_with_view(&s, &sim, i).unwrap();
            reached.insert(method_name(&e.method));
            // An exception's message is the client library's own, as it logs it.
            let mut values = values.clone();
            if let Method::Error(message) = &e.method {
                values.extend(message.split(|c: char| !c.is_ascii_alphabetic()).map(String::from));
            }
            for said in steps(&e, own.as_ref().unwrap_or(&sim), Lang::Pseudo) {
                if !in_the_files(&said, &values) {
                    wrong.push(format!("{} #{i} ({}): {said}", s.group, method_name(&e.method)));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "steps not from the files:\n{}", wrong.join("\n"));
    let every = [
        "broadcasting",
        "error",
        "no answer",
        "avg",
        "circle",
        "go ring",
        "java ring",
        "machine room, go",
        "machine room",
        "nearby, no local queue",
        "nearby, room without consumers",
        "config",
        "config, none",
        "not subscribed",
        "not in cidAll",
        "proxy",
        "nearby as avg",
        "pop whole",
        "pop one each",
    ];
    let missed: Vec<&str> = every.into_iter().filter(|m| !reached.contains(m)).collect();
    assert!(missed.is_empty(), "no group here computes by {missed:?}");
    let columns = node_columns(Lang::Pseudo)
        .into_iter()
        .chain(hash_columns(Lang::Pseudo, true))
        .chain(hash_columns(Lang::Pseudo, false));
    assert!(columns.into_iter().all(|c| in_the_files(c, &BTreeSet::new())));
}

#[test]
fn the_exported_picture_says_its_words_from_the_files() {
    for s in groups() {
        let sim = simulate(&s);
        let values = values(&s);
        let title = export::title(&s);
        let said = export::describe(&sim, &title, Lang::Pseudo);
        // The title is the scenario's own names.
        assert!(in_the_files(&said.replace(&title, ""), &values), "{said}");
        // Every text is a name or a number of the scenario, or words from the files.
        let mut plain: BTreeSet<String> = sim.instances.iter().map(|i| i.client_id.clone()).collect();
        plain.extend(sim.mq_all.iter().flat_map(|q| [q.broker_name.to_string(), q.queue_id.to_string()]));
        plain.insert(title.clone());
        for shape in export::layout(&sim, &title, Lang::Pseudo).shapes {
            if let export::Shape::Text { text, .. } = shape {
                assert!(plain.contains(&text) || in_the_files(&text, &values), "{}: {text}", s.group);
            }
        }
    }
}

#[test]
fn the_tours_sentences_over_the_presets_are_in_the_files() {
    use rebalance_playground::compare::backlog::{project, Rates};
    use rebalance_playground::compare::diff::{diff, moves_per_strategy, Change, Stage};
    use rebalance_playground::compare::strategies::{compare, strategies_for};
    let mut wrong = vec![];
    for p in Preset::ALL.into_iter().chain(Preset::SPLIT) {
        let s = p.scenario();
        let mut values = values(&s);
        let c = compare(&s);
        values.extend(c.joiner.split(|c: char| !c.is_ascii_alphabetic()).map(String::from));
        let mut said = vec![words::tour_compare_intro(Lang::Pseudo, &c.joiner)];
        let change = Change::Join(c.joiner.clone());
        let d = diff(&s, &change);
        for (at, frame) in d.frames.iter().enumerate() {
            let stage = match frame.stage {
                Stage::Before => "before",
                Stage::Down => "down",
                Stage::After => "after",
            };
            let stage = words::tour_stage(Lang::Pseudo, stage);
            said.push(words::tour_step_of(Lang::Pseudo, &stage, at + 1, d.frames.len()));
        }
        said.extend(d.moved.iter().map(|m| words::tour_moved_count(Lang::Pseudo, m.len())));
        let moves = moves_per_strategy(&s, &change, &strategies_for(&s));
        said.extend(moves.iter().map(|(_, m)| words::tour_moved_count(Lang::Pseudo, *m)));
        let sim = simulate(&s);
        for reset_at in [None, Some(300)] {
            let proj = project(&sim, Rates { produce: 10.0, consume: 100.0, seconds: 600, reset_at });
            let last = proj.series.last().unwrap();
            let (b, d) = (last.backlog.round() as u64, last.duplicates.round() as u64);
            said.push(match proj.skipped.round() as u64 {
                0 => words::tour_backlog_summary(Lang::Pseudo, b, d, 600),
                skipped => words::tour_backlog_summary_reset(Lang::Pseudo, b, d, 600, skipped),
            });
        }
        wrong.extend(said.into_iter().filter(|t| !in_the_files(t, &values)).map(|t| format!("{}: {t}", p.id())));
    }
    assert!(wrong.is_empty(), "not from the files:\n{}", wrong.join("\n"));
}

#[test]
fn the_rebalance_timelines_sentences_are_in_the_files() {
    use rebalance_playground::page::timeline::{
        event_words, handover_words, handovers, heading_words, inferred_words, left_out_words, order_words,
        pause_words, play, pullers_words, segment_at, Picks,
    };
    use rebalance_playground::timeline::{words as said, Change, Consumption, Kind, Notify, Time};
    let lang = Lang::Pseudo;
    let mut s = Scenario { strategy: Strategy::Avg, ..Scenario::seed() };
    s.instances = ["c1", "c2", "c3"].into_iter().map(Instance::new).collect();
    let changes = [
        Change::join(Instance::new("c4")),
        Change::Leave { id: "c2".into() },
        Change::Kill { id: "c2".into() },
        Change::HostLoss { id: "c2".into() },
        Change::Queues { broker: "broker-a".into(), count: 12 },
        Change::Queues { broker: "broker-a".into(), count: 1 },
        Change::Subscription { id: "c2".into(), subscribes: false },
    ];
    let mut values = values(&s);
    values.extend(["c", "A", "B", "C"].map(String::from));
    // The client kinds' codes, as the CLI takes them (`--sdks`, `join:ID=KIND`): names, not sentences.
    values.extend(Kind::ALL.iter().flat_map(|k| k.code().split(|c: char| !c.is_ascii_alphabetic())).map(String::from));
    let mut said_all = vec![];
    for change in changes {
        for (consumption, notify) in [(Consumption::Concurrent, Notify::On), (Consumption::Orderly, Notify::Off)] {
            let picks = Picks {
                change: Some(change.clone()),
                notify,
                lost: 0,
                consumption,
                rate: 1000,
                seed: 3,
                phases: String::new(),
                versions: Default::default(),
            };
            let pl = play(&s, &picks).unwrap();
            let t = &pl.timeline;
            said_all.extend([
                heading_words(lang, &pl),
                rebalance_playground::timeline::words::totals(t, lang),
                event_words(lang, &change),
            ]);
            said_all.extend(inferred_words(lang, t));
            said_all.extend(order_words(lang, &pl));
            said_all.extend(said::at_least_note(t, lang).map(String::from));
            said_all.extend(left_out_words(lang, t, 2));
            for (q, lane) in pl.lanes.iter().enumerate() {
                let o = &t.queues[q];
                said_all.push(pause_words(lang, o));
                said_all.extend(said::story(t, &o.story, lang));
                said_all.push(said::backlog(o, lang));
                said_all.extend(handovers(&o.story).iter().map(|h| handover_words(lang, t, h)));
                for at in [Time::ZERO, Time::from_secs(1.0), t.horizon] {
                    said_all.push(pullers_words(lang, t, segment_at(lane, at)));
                }
            }
        }
    }
    // Numbers alone (a pause's seconds) and clientIds alone (who pulls) are values, not sentences.
    let ids = ["c1", "c2", "c3", "c4"];
    let plain =
        |t: &String| t.chars().all(|c| c.is_ascii_digit() || c == '.') || t.split(", ").all(|id| ids.contains(&id));
    let wrong: Vec<&String> = said_all.iter().filter(|t| !plain(t) && !in_the_files(t, &values)).collect();
    assert!(wrong.is_empty(), "not from the files: {wrong:?}");
    let fixed = [
        words::timeline_page_title(lang),
        words::timeline_page_intro(lang),
        words::timeline_page_notify(lang),
        words::timeline_page_consumption(lang),
        words::timeline_page_rate(lang),
        words::timeline_page_seed(lang),
        words::timeline_page_phases(lang),
        words::timeline_page_phases_hint(lang),
        words::timeline_page_cursor(lang),
        words::timeline_page_nobody(lang),
        words::timeline_page_not_in_route(lang),
        words::timeline_page_select(lang),
        words::timeline_page_unmoved(lang),
        words::timeline_page_restart(lang),
    ];
    let none = BTreeSet::new();
    assert!(fixed.iter().all(|t| in_the_files(t, &none)), "{fixed:?}");
    for t in [
        words::timeline_page_cursor_at(lang, "7"),
        words::timeline_page_lanes(lang, "7"),
        words::timeline_page_pullers(lang, "7"),
        words::timeline_page_story_title(lang, "7"),
        words::timeline_page_unplayable(lang, "7"),
    ] {
        assert!(in_the_files(&t, &none), "{t}");
    }
}
