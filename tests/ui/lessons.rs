#![cfg(target_arch = "wasm32")]
//! The guided lessons driven like a reader: open each lesson by its link, walk every step, see the
//! task not done, solve it with the real editors, see it done and marked in the list. Deep links, bad links,
//! saved progress, both languages with live numbers. Same driver as `app.rs`.

use rebalance_playground::group::link::encode_state;
use rebalance_playground::group::{Lang, Scenario};
use rebalance_playground::lessons::LessonId;
use rebalance_playground::presets::Preset;
use rebalance_playground::web::app::components::PROGRESS_KEY;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::browser;
use browser::*;

fn attr(id: &str, name: &str) -> String {
    el(id).get_attribute(name).unwrap_or_default()
}

fn clients_of(s: &Scenario) -> String {
    s.instances.iter().map(|i| i.client_id.as_str()).collect::<Vec<_>>().join("\n")
}

fn task_done() -> bool {
    attr("lesson-task", "data-done") == "true"
}

/// The conditions that do not hold yet, by index.
fn unmet() -> Vec<usize> {
    (0..20)
        .take_while(|i| exists(&format!("lesson-cond-{i}")))
        .filter(|i| attr(&format!("lesson-cond-{i}"), "data-holds") != "true")
        .collect()
}

/// Opens the lesson by its link and walks to its last step with "Next", checking that each step sets up
/// its own scenario in the real editors.
async fn walk_to_task(l: LessonId) {
    open(&format!("?lesson={}&step=1", l.id()), "").await;
    for n in 1..=l.steps() {
        assert_eq!(attr("lesson", "data-lesson"), l.id());
        assert_eq!(attr("lesson", "data-step"), n.to_string(), "{l:?}");
        assert_eq!(value("clients"), clients_of(&l.setup(n)), "{l:?} step {n} set up its scenario");
        assert!(!text("lesson-text").trim().is_empty(), "{l:?} step {n} has a narrative");
        assert!(text("lesson-step-of").contains(&format!("Step {n} of {}", l.steps())));
        if n < l.steps() {
            assert!(!exists("lesson-task"), "{l:?}: the task is on the last step");
            click("lesson-next").await;
        }
    }
    assert!(!exists("lesson-next"));
    assert!(!task_done(), "{l:?} is done before it is solved");
    assert!(text("lesson-status").contains("Not done yet"));
    assert!(!unmet().is_empty());
}

/// Back to the list: the lesson is marked done there.
async fn assert_marked_done(l: LessonId, count: usize) {
    click("lesson-back").await;
    assert!(exists("lesson-list"));
    assert_eq!(attr(&format!("lesson-item-{}", l.id()), "data-done"), "true", "{l:?}");
    assert!(text(&format!("lesson-item-{}", l.id())).contains("done"));
    assert!(
        text("lesson-progress").starts_with(&format!("{count} of {}", LessonId::ALL.len())),
        "{}",
        text("lesson-progress")
    );
}

#[wasm_bindgen_test]
async fn how_it_works_renaming_line_3_so_it_sorts_first_gives_it_queue_0() {
    let l = LessonId::HowItWorks;
    walk_to_task(l).await;
    // Renaming line 1 instead is not the task.
    set_value("clients", "10.0.0.19@101\n10.0.0.12@102\n10.0.0.13@103").await;
    assert!(!task_done());
    assert_eq!(attr("lesson-cond-0", "data-holds"), "false");
    set_value("clients", "10.0.0.11@101\n10.0.0.12@102\n10.0.0.10@103").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert!(text("lesson-status").contains("Done"));
    assert_marked_done(l, 1).await;
}

#[wasm_bindgen_test]
async fn avg_vs_circle_a_fourth_instance_gives_everyone_2_of_8_and_removing_one_does_not_count() {
    let l = LessonId::AvgVsCircle;
    walk_to_task(l).await;
    set_value("clients", "10.0.0.11@101\n10.0.0.12@102").await;
    assert!(!task_done(), "two instances of 4 queues each, but one was removed");
    assert_eq!(unmet(), [0]);
    set_value("strategy", "AVG_BY_CIRCLE").await;
    set_value("clients", "10.0.0.11@101\n10.0.0.12@102\n10.0.0.13@103").await;
    assert!(!task_done(), "AVG_BY_CIRCLE still gives 3, 3, 2");
    set_value("clients", "10.0.0.11@101\n10.0.0.12@102\n10.0.0.13@103\n10.0.0.14@104").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert_marked_done(l, 1).await;
}

#[wasm_bindgen_test]
async fn docker_upgrading_past_4_9_in_the_clientid_builder_fixes_it_and_dropping_a_copy_does_not() {
    let l = LessonId::Docker;
    walk_to_task(l).await;
    set_value("clients", "10.0.0.11@31822\n172.17.0.1@9").await;
    assert!(!task_done(), "every queue once, but an instance was removed");
    assert_eq!(unmet(), [0]);
    set_value("clients", "10.0.0.11@31822\n172.17.0.1@9\n172.17.0.1@9").await;
    // The builder with RocketMQ 4.9.3: host IPs instead of docker0, #nanoTime after the PID.
    open_details("builder").await;
    set_value("builder-version", "4.9.3").await;
    click("builder-use").await;
    assert!(!value("clients").contains("172.17.0.1"), "{}", value("clients"));
    assert_eq!(value("clients").lines().count(), 3);
    assert!(task_done(), "unmet: {:?}", unmet());
    assert_marked_done(l, 1).await;
}

#[wasm_bindgen_test]
async fn idle_ten_read_queues_keep_ten_instances_busy() {
    let l = LessonId::Idle;
    walk_to_task(l).await;
    assert!(text("lesson-text").contains("leave 2 instances without a queue"), "{}", text("lesson-text"));
    set_value("broker-count-0", "9").await;
    assert!(!task_done(), "9 queues for 10 instances");
    set_value("broker-count-0", "10").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert_marked_done(l, 1).await;
}

#[wasm_bindgen_test]
async fn consistent_hash_15_virtual_nodes_even_out_the_ring_switching_to_avg_does_not_count() {
    let l = LessonId::ConsistentHash;
    walk_to_task(l).await;
    set_value("strategy", "AVG").await;
    assert!(!task_done(), "AVG is even, but not the ring");
    set_value("strategy", "CONSISTENT_HASH").await;
    set_value("vnodes", "11").await;
    assert!(!task_done());
    set_value("vnodes", "15").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert_marked_done(l, 1).await;
}

#[wasm_bindgen_test]
async fn machine_room_an_idc2_consumer_keeps_idc2_local() {
    let l = LessonId::MachineRoom;
    walk_to_task(l).await;
    assert!(text("lesson-text").contains("Room IDC2: 4 queues, 0 local consumers"), "{}", text("lesson-text"));
    let with = format!("{}\nIDC2@10.0.2.14@104", value("clients"));
    set_value("clients", &with).await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert!(text("lesson-text").contains("Room IDC2: 4 queues, 1 local consumer;"));
    assert_marked_done(l, 1).await;
}

/// The split-views task: mark the queues nobody pulls (the understanding check), then fix the group in the
/// views editor, which both steps open, by ticking "Subscribes to TopicB" for the two instances that skip it.
#[wasm_bindgen_test]
async fn split_views_mark_the_unpulled_queues_then_subscribe_every_instance_in_the_views_editor() {
    let l = LessonId::SplitViews;
    // From a state without views, entering the lesson opens the views editor on both steps.
    open("?lesson=list", "").await;
    assert!(!el("views-editor").has_attribute("open"), "closed while no instance has a view");
    click("lesson-open-split-views").await;
    assert!(el("views-editor").has_attribute("open"), "step 1 sets up stale views");
    walk_to_task(l).await;
    assert!(el("views-editor").has_attribute("open"), "step 2 sets up instances that skip TopicB");
    assert!(
        text("lesson-task-text").contains("“Per instance: client, strategy, view”, the last box of the editors"),
        "{}",
        text("lesson-task-text")
    );
    assert!(text("lesson-text").contains("10.0.0.11@101 and 10.0.0.12@102"), "{}", text("lesson-text"));
    assert!(text("lesson-task-text").contains("make every instance subscribe to TopicB"));
    assert!(text("lesson-task-text").contains("The “Subscribes to TopicB” boxes are in"));
    assert!(text("view-row-0").contains("Subscribes to TopicB"));
    // The understanding check alone leaves the group broken.
    for q in [0, 1, 2, 4] {
        click(&format!("lesson-mark-{q}")).await;
    }
    assert_eq!(unmet(), [0, 3, 4], "queue 4 is pulled; the group is not fixed");
    click("lesson-mark-4").await;
    click("lesson-mark-3").await;
    assert_eq!(unmet(), [3, 4]);
    assert!(text("lesson-cond-3").contains("not subscribed now: 2"), "{}", text("lesson-cond-3"));
    // A shortcut: c and d told a cidAll without a and b split the 8 queues between them, but a and b still
    // skip the topic.
    for i in [2, 3] {
        set_value(&format!("view-cids-{i}"), "10.0.0.13@103, 10.0.0.14@104").await;
    }
    assert_eq!(unmet(), [3], "every queue once, but a and b still skip TopicB");
    for i in [2, 3] {
        set_value(&format!("view-cids-{i}"), "").await;
    }
    // The story folds away once read; the task stays.
    assert!(el("lesson-story").has_attribute("open"));
    click("lesson-story-toggle").await;
    assert!(!el("lesson-story").has_attribute("open") && exists("lesson-task"));
    // The fix: subscribe a, then b.
    click("view-sub-0").await;
    assert!(!task_done(), "b's slot (queues 2 and 3) is still nobody's");
    assert!(
        text("lesson-text").contains("do not subscribe to TopicB: 10.0.0.12@102, 1 of the 4."),
        "{}",
        text("lesson-text")
    );
    click("view-sub-1").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert!(
        text("lesson-text").contains("Every one of the 4 instances now subscribes to TopicB"),
        "{}",
        text("lesson-text")
    );
    assert!(text("lesson-text").contains("0 queues are pulled by nobody"), "{}", text("lesson-text"));
    assert!(el("views-editor").has_attribute("open"), "ticking the last box does not fold the editor away");
    assert!(document().query_selector("#queue-strip .strip-cell--starved").unwrap().is_none());
    click("lang-zh").await;
    assert!(
        text("lesson-cond-3").contains("每个实例都订阅了 TopicB（现在未订阅的有 0 个）"),
        "{}",
        text("lesson-cond-3")
    );
    assert!(text("lesson-task-text").contains("“按实例设置：客户端、策略、视图”"), "{}", text("lesson-task-text"));
    click("lang-en").await;
    assert_marked_done(l, 1).await;
}

/// Share on an open lesson keeps its place (`?lesson=&step=`) with the edited state, as the address bar
/// does; the colleague's page opens that step with the shared state, not the step's setup. Without a lesson,
/// and in the embed snippet, there is no lesson in the link.
#[wasm_bindgen_test]
async fn share_keeps_the_open_lesson_step_and_the_edited_state() {
    open("?lesson=split-views&step=2", "").await;
    click("view-sub-0").await;
    click("share").await;
    let link = value("share-link");
    let at = link.find("?lesson=split-views&step=2#s=1.").unwrap_or_else(|| panic!("no lesson place in {link}"));
    let (search, hash) = link[at..].split_at(link[at..].find('#').unwrap());
    open(search, hash).await;
    assert_eq!(attr("lesson", "data-lesson"), "split-views");
    assert_eq!(attr("lesson", "data-step"), "2");
    assert_eq!(unmet(), [0, 3, 4]);
    assert!(el("view-sub-0").dyn_into::<web_sys::HtmlInputElement>().unwrap().checked(), "the edit travelled");
    assert!(!el("view-sub-1").dyn_into::<web_sys::HtmlInputElement>().unwrap().checked());
    // The list is a place too.
    click("lesson-back").await;
    click("share").await;
    assert!(value("share-link").contains("?lesson=list#s=1."), "{}", value("share-link"));
    click("embed").await;
    assert!(!value("embed-snippet").contains("lesson="), "{}", value("embed-snippet"));
    click("lesson-close").await;
    click("share").await;
    assert!(!value("share-link").contains("lesson="), "{}", value("share-link"));
    assert!(value("share-link").contains("#s=1."));
}

#[wasm_bindgen_test]
async fn kafka_picking_avg_by_circle_assigns_like_roundrobin() {
    let l = LessonId::Kafka;
    walk_to_task(l).await;
    set_value("strategy", "CONSISTENT_HASH").await;
    assert!(!task_done());
    set_value("strategy", "AVG_BY_CIRCLE").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert_marked_done(l, 1).await;
}

/// The mixed-clients task: switching the Go instance to Java is not allowed; AVG makes Java and Go agree.
#[wasm_bindgen_test]
async fn mixed_clients_avg_heals_the_java_go_group_and_migrating_the_go_instance_does_not_count() {
    let l = LessonId::MixedClients;
    walk_to_task(l).await;
    assert!(el("views-editor").has_attribute("open"), "the Go instance opens the per-instance editor");
    assert_eq!(value("view-client-0"), "go");
    assert!(text("lesson-text").contains("10.0.0.5@4711"), "{}", text("lesson-text"));
    assert!(text("diagnosis").contains("build different hash rings"), "{}", text("diagnosis"));
    // Migrating the Go instance to Java heals the rings, but it is not the task.
    set_value("view-client-0", "java").await;
    assert!(!task_done());
    assert_eq!(unmet(), [2], "every queue once, but a client changed");
    set_value("view-client-0", "go").await;
    set_value("strategy", "AVG").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert_marked_done(l, 1).await;
}

/// The deploy task: the group on Java 4.9 pulls two queues twice when one more instance joins; Go does too;
/// Java 5, set per instance in the views editor, does not. The narrative quotes the live figures.
#[wasm_bindgen_test]
async fn deploy_cost_java_5_clients_make_the_deploy_pull_no_queue_twice() {
    let l = LessonId::DeployCost;
    walk_to_task(l).await;
    assert!(text("lesson-text").contains("2 queues pulled by two members"), "{}", text("lesson-text"));
    assert_eq!(unmet(), [2]);
    for i in 0..3 {
        set_value(&format!("view-client-{i}"), "go").await;
    }
    assert!(!task_done(), "Go pulls at once too");
    for i in 0..3 {
        set_value(&format!("view-client-{i}"), "java").await;
    }
    assert!(task_done(), "unmet: {:?}", unmet());
    assert!(text("lesson-text").contains("no queue is pulled twice"), "{}", text("lesson-text"));
    assert_marked_done(l, 1).await;
}

/// The orderly task: a killed Go owner's queues wait past the bar; on Java 4.9 they resume within it.
#[wasm_bindgen_test]
async fn orderly_locks_java_clients_resume_a_killed_owners_queues_within_the_bar() {
    let l = LessonId::OrderlyLocks;
    walk_to_task(l).await;
    assert!(text("lesson-text").contains("83.325 s"), "{}", text("lesson-text"));
    for i in 0..3 {
        set_value(&format!("view-client-{i}"), "java-4.9").await;
    }
    assert!(task_done(), "unmet: {:?}", unmet());
    click("lang-zh").await;
    assert!(text("lesson-text").contains("60.005 秒"), "{}", text("lesson-text"));
    click("lang-en").await;
    assert_marked_done(l, 1).await;
}

/// The retry-topic task: 2 brokers x 1 retry queue serve 2 of 4 instances; 2 per broker serve all four.
#[wasm_bindgen_test]
async fn retry_topic_two_retry_queues_per_broker_serve_all_four_instances() {
    let l = LessonId::RetryTopic;
    walk_to_task(l).await;
    assert!(text("lesson-text").contains("So 2 of 4 instances ever consume a retry"), "{}", text("lesson-text"));
    open_details("group-config").await;
    set_value("retry-queue-nums", "2").await;
    assert!(task_done(), "unmet: {:?}", unmet());
    assert!(text("lesson-text").contains("Every one of the 4 instances holds one"), "{}", text("lesson-text"));
    assert_marked_done(l, 1).await;
}

#[wasm_bindgen_test]
async fn show_solution_solves_every_lesson_and_progress_counts_them_all() {
    open("?lesson=how-it-works", "").await;
    for (k, l) in LessonId::ALL.into_iter().enumerate() {
        assert_eq!(attr("lesson", "data-lesson"), l.id());
        while exists("lesson-next") {
            click("lesson-next").await;
        }
        assert!(!task_done(), "{l:?}");
        click("lesson-hint-btn").await;
        assert!(!text("lesson-hint").is_empty());
        click("lesson-solution-btn").await;
        assert!(exists("lesson-solution-note"));
        // The panel says what the solution changed, not only that it changed something.
        let what = text("lesson-solution-what");
        assert!(what.starts_with("What changed: ") && what.len() > 40, "{l:?}: {what}");
        assert!(task_done(), "{l:?} unmet: {:?}", unmet());
        if k + 1 < LessonId::ALL.len() {
            click("lesson-next-lesson").await;
        } else {
            assert!(!exists("lesson-next-lesson"));
        }
    }
    click("lesson-back").await;
    assert!(text("lesson-progress").starts_with(&format!("{n} of {n}", n = LessonId::ALL.len())));
    assert!(exists("lesson-list"));
}

#[wasm_bindgen_test]
async fn a_deep_link_opens_that_step_and_a_shared_state_wins_over_its_setup() {
    open("?lesson=consistent-hash&step=3", "").await;
    assert_eq!(attr("lesson", "data-step"), "3");
    assert_eq!(value("clients"), clients_of(&Preset::HashWithDuplicates.scenario()));
    assert_eq!(value("strategy"), "CONSISTENT_HASH");
    let link = attr("lesson-link", "href");
    assert!(link.ends_with("?lesson=consistent-hash&step=3"), "{link}");
    assert_eq!(value("lesson-link-text"), link);
    click("lesson-prev").await;
    assert_eq!(attr("lesson", "data-step"), "2");
    assert!(attr("lesson-link", "href").ends_with("step=2"));
    // A trainer's mid-task link: the lesson step, plus the state in #s=.
    let mid = Scenario { instances: Scenario::seed().instances, ..LessonId::Docker.task_start() };
    open("?lesson=docker&step=3", &format!("#s={}", encode_state(&mid, Lang::En))).await;
    assert_eq!(attr("lesson", "data-step"), "3");
    assert_eq!(value("clients"), "0\n2\n2");
    click("lesson-restart").await;
    assert_eq!(value("clients"), clients_of(&LessonId::Docker.task_start()));
}

#[wasm_bindgen_test]
async fn bad_lesson_links_show_a_notice_and_the_list_never_a_blank_page() {
    for (search, says) in [
        ("?lesson=dockr&step=1", "\"dockr\" that does not exist"),
        ("?lesson=docker&step=7", "steps 1 to 3; \"7\""),
        ("?lesson=docker&step=-1", "\"-1\" is not one of them"),
        ("?lesson=%3Cimg%20src%3Dx%3E", "<img src=x>"),
    ] {
        open(search, "").await;
        assert_eq!(attr("lesson-notice", "role"), "alert", "{search}");
        assert!(text("lesson-notice").contains(says), "{search}: {}", text("lesson-notice"));
        assert!(exists("lesson-list"), "{search}");
        assert!(exists("grid"), "{search}: the playground is there");
        assert!(document().query_selector(".test-root img").unwrap().is_none());
    }
    // Moving on clears the notice.
    click("lesson-open-idle").await;
    assert!(!exists("lesson-notice"));
    assert_eq!(attr("lesson", "data-lesson"), "idle");
    // Closing the lessons leaves the bar that opens them again.
    click("lesson-close").await;
    assert!(!exists("lesson") && exists("lessons-bar"));
    click("lessons-open").await;
    assert!(exists("lesson-list"));
}

#[wasm_bindgen_test]
async fn the_narrative_numbers_follow_the_live_state_in_both_languages() {
    open("?lesson=how-it-works&step=1", "").await;
    assert!(text("lesson-text").contains("the 8 queues"), "{}", text("lesson-text"));
    set_value("broker-count-0", "12").await;
    assert!(text("lesson-text").contains("the 12 queues"), "{}", text("lesson-text"));
    assert!(!text("lesson-text").contains("the 8 queues"));
    click("lang-zh").await;
    assert!(text("lesson-text").contains("mqAll 是 12 个队列"), "{}", text("lesson-text"));
    assert!(text("lesson-step-of").contains("第 1 步，共 3 步"));
    assert!(text("lesson-title").contains("客户端负载均衡"));
    set_value("clients", "b\na").await;
    assert!(text("lesson-text").contains("排序后的 cidAll 为：a、b"), "{}", text("lesson-text"));
    // The AVG lesson's arithmetic, from the live counts: 10 queues over 4 instances, 10 mod 4 = 2.
    open("?lesson=avg-vs-circle&step=1&lang=zh", "").await;
    set_value("broker-count-0", "10").await;
    set_value("clients", "a\nb\nc\nd").await;
    assert!(text("lesson-text").contains("10 ÷ 4 = 2"), "{}", text("lesson-text"));
    assert!(text("lesson-text").contains("10 mod 4 = 2"));
    click("lang-en").await;
    assert!(
        text("lesson-text").contains("The first 10 mod 4 = 2 slots of cidAll get one more (3)"),
        "{}",
        text("lesson-text")
    );
}

#[wasm_bindgen_test]
async fn progress_is_saved_and_unreadable_progress_is_ignored_with_a_notice() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    // The page reads progress with the browser's JSON.parse: anything but an array of strings is unreadable.
    for bad in ["docker", "{\"docker\":1}", "[1,2]", "[\"docker\"", "null", "[\"kafka\",null]"] {
        storage.set_item(PROGRESS_KEY, bad).unwrap();
        open_with("?lesson=list", "", true).await;
        assert!(text("lesson-storage-notice").contains(bad), "{bad}");
        assert_eq!(storage.get_item(PROGRESS_KEY).unwrap(), None, "{bad} cleared");
    }
    storage.set_item(PROGRESS_KEY, "[\"kafka\",\"from-a-newer-page\"]").unwrap();
    open_with("", "", true).await;
    assert!(
        text("lessons-bar").contains(&format!("1 of {} lessons done", LessonId::ALL.len())),
        "{}",
        text("lessons-bar")
    );
    storage.set_item(PROGRESS_KEY, "{not json").unwrap();
    open_with("?lesson=list", "", true).await;
    assert_eq!(attr("lesson-storage-notice", "role"), "alert");
    assert!(text("lesson-storage-notice").contains("{not json"));
    assert_eq!(storage.get_item(PROGRESS_KEY).unwrap(), None, "cleared");
    assert!(text("lesson-progress").starts_with(&format!("0 of {}", LessonId::ALL.len())));
    // Solving saves it; a new page reads it back.
    click("lesson-open-kafka").await;
    click("lesson-next").await;
    set_value("strategy", "AVG_BY_CIRCLE").await;
    assert!(task_done());
    assert_eq!(storage.get_item(PROGRESS_KEY).unwrap().as_deref(), Some("[\"kafka\"]"));
    open_with("", "", true).await;
    assert!(
        text("lessons-bar").contains(&format!("1 of {} lessons done", LessonId::ALL.len())),
        "{}",
        text("lessons-bar")
    );
    click("lessons-open").await;
    assert_eq!(attr("lesson-item-kafka", "data-done"), "true");
    assert_eq!(attr("lesson-item-docker", "data-done"), "false");
    assert!(!exists("lesson-storage-notice"));
    storage.remove_item(PROGRESS_KEY).unwrap();
    storage.remove_item("rebalance-playground.lang").unwrap();
}

#[wasm_bindgen_test]
async fn the_next_lesson_button_in_chinese_uses_a_full_width_colon() {
    open("?lesson=how-it-works", "").await;
    while exists("lesson-next") {
        click("lesson-next").await;
    }
    click("lesson-solution-btn").await;
    assert!(text("lesson-next-lesson").starts_with("Next lesson: "), "{}", text("lesson-next-lesson"));
    click("lang-zh").await;
    let says = text("lesson-next-lesson");
    assert!(says.starts_with("下一课：") && !says.contains(':'), "{says}");
    click("lang-en").await;
}

/// "Show solution" names what it changed, with the solution's own number, in both languages.
#[wasm_bindgen_test]
async fn show_solution_says_what_changed_in_both_languages() {
    open("?lesson=docker", "").await;
    while exists("lesson-next") {
        click("lesson-next").await;
    }
    assert!(!exists("lesson-solution-what"), "the sentence waits for the button");
    click("lesson-solution-btn").await;
    let what = text("lesson-solution-what");
    assert!(what.contains("instanceName") && what.contains("@consumer-N"), "{what}");
    click("lang-zh").await;
    let zh = text("lesson-solution-what");
    assert!(zh.starts_with("改动：") && zh.contains("instanceName"), "{zh}");
    click("lang-en").await;
    // A number from the solution itself: the queues it ends with.
    open("?lesson=idle", "").await;
    while exists("lesson-next") {
        click("lesson-next").await;
    }
    click("lesson-solution-btn").await;
    let queues: usize = all("[data-queue]").len();
    let what = text("lesson-solution-what");
    assert!(what.contains(&format!("({queues})")), "{queues} queues: {what}");
}

/// Entering the orderly-locks lesson sets the rebalance tab to what its words tell: the last instance killed,
/// orderly consumption; the deploy lesson sets it to a join.
#[wasm_bindgen_test]
async fn the_timing_lessons_set_the_rebalance_tab_to_their_change() {
    open("?lesson=list", "").await;
    click("lesson-open-orderly-locks").await;
    wait_until("the rebalance tab", || exists("diff-kind")).await;
    assert_eq!(value("diff-kind"), "kill");
    assert_eq!(value("tl-consumption"), "orderly");
    let last = LessonId::OrderlyLocks.setup(1).instances.len() - 1;
    assert_eq!(value("diff-instance"), last.to_string());
    assert!(text("tl-heading").contains("orderly"), "{}", text("tl-heading"));
    open("?lesson=list", "").await;
    click("lesson-open-deploy-cost").await;
    wait_until("the rebalance tab", || exists("diff-kind")).await;
    assert_eq!(value("diff-kind"), "join");
}
