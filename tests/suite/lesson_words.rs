//! Every lesson step's words under every strategy and rebalance mode the reader can switch to inside it, in
//! both languages. The numbers the text quotes (queues consumed more than once, without a consumer, shared
//! by design, idle instances, queues per instance, the spread) equal the picture's, and nothing is called
//! idle when every instance consumes. In the pseudo-locale every sentence comes from `locales/`. The words
//! are core code: these run natively, and in the browser's engine with `wasm-bindgen-test`.

use rebalance_playground::compare::strategies::{joiner_id, strategies_for};
use rebalance_playground::group::{simulate, Lang, MessageModel, Rebalance, Scenario, Simulation};
use rebalance_playground::lessons::words::{
    condition, hint, link_problem, step_text, step_title, summary, task, title,
};
use rebalance_playground::lessons::{LessonId, LinkProblem};
use rebalance_playground::rocketmq::broker::RequestMode;
use rebalance_playground::rocketmq::{Inner, Strategy};
use rebalance_playground::words;
use std::collections::BTreeSet;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn strategies(s: &Scenario) -> Vec<Strategy> {
    let mut out = vec![
        Strategy::Avg,
        Strategy::AvgByCircle,
        Strategy::ConsistentHash { virtual_nodes: 10 },
        Strategy::MachineRoom { idcs: vec!["IDC1".into(), "IDC2".into()] },
        Strategy::Nearby { inner: Inner::Avg, separator: '@' },
        Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes: 10 }, separator: '@' },
        Strategy::Config { queues: None },
    ];
    if !out.contains(&s.strategy) {
        out.push(s.strategy.clone());
    }
    out
}

/// Every rebalance setting of the editors: client-side CLUSTERING, the broker's PULL, POP with whole-broker
/// pops (-1) and with a share of 1, and BROADCASTING.
fn modes() -> Vec<(MessageModel, Rebalance)> {
    vec![
        (MessageModel::Clustering, Rebalance::Client),
        (MessageModel::Clustering, Rebalance::Broker { mode: RequestMode::Pull }),
        (MessageModel::Clustering, Rebalance::Broker { mode: RequestMode::Pop { share: -1 } }),
        (MessageModel::Clustering, Rebalance::Broker { mode: RequestMode::Pop { share: 1 } }),
        (MessageModel::Broadcasting, Rebalance::Client),
    ]
}

/// The number written right before byte `at` (`12 queues` → 12), if any.
fn number_before(text: &str, at: usize) -> Option<usize> {
    let head = text[..at].trim_end();
    let digits: String = head.chars().rev().take_while(char::is_ascii_digit).collect();
    digits.chars().rev().collect::<String>().parse().ok()
}

/// The number written right after byte `at`.
fn number_after(text: &str, at: usize) -> Option<usize> {
    let digits: String = text[at..].trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Every number quoted before `marker`, in order.
fn before(text: &str, marker: &str) -> Vec<usize> {
    text.match_indices(marker).filter_map(|(i, _)| number_before(text, i)).collect()
}

fn after(text: &str, marker: &str) -> Vec<usize> {
    text.match_indices(marker).filter_map(|(i, m)| number_after(text, i + m.len())).collect()
}

fn idle(sim: &Simulation) -> usize {
    (0..sim.instances.len()).filter(|&i| sim.taken_count(i) == 0).count()
}

/// Checks one paragraph's quoted numbers against the picture; returns how many numbers it checked.
fn check(text: &str, sim: &Simulation, lang: Lang, at: &str) -> usize {
    let (o, st, sh) = (sim.overlapped.len(), sim.starved.len(), sim.shared.len());
    let mut checked = 0;
    let mut expect = |got: Vec<usize>, want: usize, what: &str| {
        for g in got {
            assert_eq!(g, want, "{what} in {at}: {text}");
            checked += 1;
        }
    };
    match lang {
        Lang::En | Lang::Pseudo => {
            for m in [" queues consumed more than once", " queue consumed more than once"] {
                expect(before(text, m), o, "consumed more than once");
            }
            for m in [" queues are pulled more than once", " queue is pulled more than once"] {
                expect(before(text, m), o, "pulled more than once");
            }
            for m in [" queues are consumed by more than one instance", " queue is consumed by more than one instance"]
            {
                expect(before(text, m), o, "consumed by more than one");
            }
            for m in [
                " by nobody (",
                " by none (",
                " with no consumer;",
                " queues without a consumer",
                " queue without a consumer",
                " queues are pulled by nobody",
                " queue is pulled by nobody",
            ] {
                expect(before(text, m), st, "without a consumer");
            }
            for m in [" queues are shared by design", " queue is shared by design"] {
                expect(before(text, m), sh, "shared by design");
            }
            for m in [" instances without a queue", " instance without a queue"] {
                expect(before(text, m), idle(sim), "idle");
            }
            if idle(sim) == 0 {
                assert!(
                    !text.contains("stand idle") && !text.contains("standing idle"),
                    "idle words, nobody idle, {at}: {text}"
                );
            }
            let (min, max) = sim.load_range();
            for (i, m) in text.match_indices("from ") {
                let rest = &text[i + m.len()..];
                let a: String = rest.chars().take_while(char::is_ascii_digit).collect();
                let rest = &rest[a.len()..];
                let Some(rest) = rest.strip_prefix(" to ") else { continue };
                let b: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if !a.is_empty() && !b.is_empty() && rest[b.len()..].starts_with(" each") {
                    assert_eq!((a.parse(), b.parse()), (Ok(min), Ok(max)), "spread in {at}: {text}");
                    checked += 1;
                }
            }
            if let Some(i) = text.find("Queues per instance now: ") {
                let rest = &text[i + "Queues per instance now: ".len()..];
                let list: Vec<usize> =
                    rest.split('.').next().unwrap().split(", ").filter_map(|n| n.parse().ok()).collect();
                let want: Vec<usize> = (0..sim.instances.len().min(12)).map(|i| sim.taken_count(i)).collect();
                assert_eq!(list, want, "queues per instance in {at}: {text}");
                checked += 1;
            }
        }
        Lang::Zh => {
            expect(before(text, " 个队列被重复消费"), o, "被重复消费");
            expect(before(text, " 个队列被重复拉取"), o, "被重复拉取");
            expect(before(text, " 个无人消费"), st, "无人消费");
            expect(before(text, " 个无人拉取"), st, "无人拉取");
            expect(after(text, "无人拉取的队列有"), st, "无人拉取的队列有");
            expect(before(text, " 个队列按设计共享"), sh, "按设计共享");
            expect(before(text, " 个实例分不到队列"), idle(sim), "分不到队列");
            if idle(sim) == 0 {
                assert!(!text.contains("只能空闲"), "idle words, nobody idle, {at}: {text}");
            }
            if let Some(i) = text.find("现在每个实例的队列数：") {
                let rest = &text[i + "现在每个实例的队列数：".len()..];
                let list: Vec<usize> =
                    rest.split('。').next().unwrap().split('、').filter_map(|n| n.parse().ok()).collect();
                let want: Vec<usize> = (0..sim.instances.len().min(12)).map(|i| sim.taken_count(i)).collect();
                assert_eq!(list, want, "queues per instance in {at}: {text}");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn every_lesson_step_quotes_the_pictures_numbers_under_every_strategy_and_mode() {
    let mut checked = 0;
    let mut texts = 0;
    for l in LessonId::ALL {
        for step in 1..=l.steps() {
            let setup = l.setup(step);
            for strategy in strategies(&setup) {
                for (model, rebalance) in modes() {
                    let s = Scenario { strategy: strategy.clone(), model, rebalance, ..setup.clone() };
                    let sim = simulate(&s);
                    for lang in [Lang::En, Lang::Zh] {
                        let at = format!("{l:?} step {step} / {:?} / {model:?} {rebalance:?} / {lang:?}", s.strategy);
                        let mut paragraphs = step_text(l, step, &s, &sim, lang);
                        if step == l.steps() {
                            paragraphs.push(task(l, &s, &sim, lang));
                            paragraphs.extend(l.conditions().iter().map(|c| condition(c, l, &s, &sim, lang)));
                        }
                        for p in &paragraphs {
                            assert!(!p.trim().is_empty(), "an empty paragraph in {at}");
                            checked += check(p, &sim, lang, &at);
                            texts += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(texts > 1000 && checked > 300, "{texts} paragraphs, {checked} numbers checked");
}

/// The POP case: everyone pops every queue, so nobody is idle and every instance takes every queue.
#[test]
fn pop_whole_brokers_is_not_idle() {
    let s =
        Scenario { rebalance: Rebalance::Broker { mode: RequestMode::Pop { share: -1 } }, ..LessonId::Idle.setup(1) };
    let sim = simulate(&s);
    let text = step_text(LessonId::Idle, 1, &s, &sim, Lang::En).join(" ");
    assert!(text.starts_with("8 queues for 10 instances leave 0 instances without a queue (none)."), "{text}");
    assert!(text.contains("every one of the 10 consumers pops all 8 queues"), "{text}");
    assert_eq!(sim.load_range(), (8, 8));
}

/// Lesson 2 solved: the counts are said plainly, with no "from 2 to 2" and no extra queue for 0 instances.
#[test]
fn avg_vs_circle_solved_says_two_each_and_no_remainder() {
    let l = LessonId::AvgVsCircle;
    let s = l.solve(&l.task_start());
    let sim = simulate(&s);
    let text = step_text(l, 3, &s, &sim, Lang::En).join(" ");
    assert_eq!(
        text,
        "Right now 4 instances share 8 queues under AVG: 2 each (2, 2, 2, 2). Under AVG and AVG_BY_CIRCLE, 8 mod 4 = 0: no slot gets an extra queue."
    );
    let one = step_text(l, 1, &l.setup(1), &simulate(&l.setup(1)), Lang::En);
    let two = step_text(l, 2, &l.setup(2), &simulate(&l.setup(2)), Lang::En);
    assert_ne!(one[0], two[0], "step 2 does not repeat step 1");
}

// ---- The pseudo-locale ----

/// What a sentence may quote as it is: the scenario's names (clientIds, topic, brokers, the group's retry
/// topic), the strategies the words name and the instance that joins.
fn quoted(s: &Scenario) -> BTreeSet<String> {
    let retry = rebalance_playground::group::retry::topic(&s.group);
    let mut names: Vec<String> = vec![s.topic.clone(), joiner_id(s), retry];
    names.extend(s.instances.iter().map(|i| i.client_id.clone()));
    names.extend(s.brokers.iter().map(|b| b.broker_name.clone()));
    names.extend(strategies(s).iter().chain(&strategies_for(s)).filter_map(Strategy::name));
    names.iter().flat_map(|n| n.split(|c: char| !c.is_ascii_alphabetic())).map(String::from).collect()
}

/// Accented and bracketed: the sentence came from the files; any plain word is one of `data`.
fn in_the_files(text: &str, data: &BTreeSet<String>) -> bool {
    let words = text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2);
    text.starts_with('[') && text.ends_with(']') && words.into_iter().all(|w| data.contains(w))
}

#[test]
fn every_step_of_every_lesson_is_in_the_files_under_every_strategy_and_mode() {
    let lang = Lang::Pseudo;
    let mut missing = vec![];
    let mut said = 0;
    let mut check = |text: String, data: &BTreeSet<String>, at: &str| {
        said += 1;
        if !in_the_files(&text, data) {
            missing.push(format!("{at}: {text}"));
        }
    };
    let none = BTreeSet::new();
    for l in LessonId::ALL {
        let at = format!("{l:?}");
        check(title(l, lang).into(), &none, &at);
        check(summary(l, lang).into(), &none, &at);
        check(hint(l, lang).into(), &none, &at);
        let (text, steps) = ("9".repeat(50), l.steps());
        check(link_problem(&LinkProblem::BadStep { lesson: l, text, steps }, lang), &none, &at);
        for step in 1..=l.steps() {
            check(step_title(l, step, lang).into(), &none, &format!("{at} step {step}"));
            let setup = l.setup(step);
            for strategy in strategies(&setup) {
                for (model, rebalance) in modes() {
                    let s = Scenario { strategy: strategy.clone(), model, rebalance, ..setup.clone() };
                    let sim = simulate(&s);
                    let data = quoted(&s);
                    let at = format!("{l:?} step {step} / {:?} / {model:?} {rebalance:?}", s.strategy);
                    let mut paragraphs = step_text(l, step, &s, &sim, lang);
                    if step == l.steps() {
                        paragraphs.push(task(l, &s, &sim, lang));
                        paragraphs.extend(l.conditions().iter().map(|c| condition(c, l, &s, &sim, lang)));
                    }
                    for p in paragraphs {
                        check(p, &data, &at);
                    }
                }
            }
        }
    }
    check(link_problem(&LinkProblem::UnknownLesson("9".into()), lang), &none, "link");
    let panel = [
        words::lesson_panel_title,
        words::lesson_intro,
        words::lesson_open,
        words::lesson_close,
        words::lesson_all,
        words::lesson_previous,
        words::lesson_next,
        words::lesson_task_title,
        words::lesson_done,
        words::lesson_not_done,
        words::lesson_hint_button,
        words::lesson_show_solution,
        words::lesson_solution_shown,
        words::lesson_link_to_step,
        words::lesson_link_hint,
        words::lesson_done_mark,
        words::lesson_mark_unpulled,
        words::lesson_restart,
        words::lesson_condition_met,
        words::lesson_condition_unmet,
        words::lesson_finished,
        words::lesson_story,
    ];
    for message in panel {
        check(message(lang).into(), &none, "panel");
    }
    check(words::lesson_next_lesson(lang, title(LessonId::Kafka, lang)), &none, "panel");
    for l in LessonId::ALL {
        check(words::lesson_solution_what(lang, l.id(), 12), &none, "panel");
    }
    check(words::lesson_step_of(lang, 1, 3), &none, "panel");
    check(words::lesson_progress(lang, 1, 9), &none, "panel");
    check(words::lesson_progress_unreadable(lang, "[1]"), &none, "panel");
    assert!(said > 1000, "{said} sentences");
    assert!(missing.is_empty(), "{} sentences are not in locales/:\n{}", missing.len(), missing.join("\n"));
}

/// The timeline lessons quote the engine: each figure of a sentence is the one `timeline::run` gives for the
/// live group, and the condition says the bar and the live figure in their places.
#[test]
fn the_timeline_lessons_quote_the_engine() {
    use rebalance_playground::lessons::{deploy, longest_pause, orderly_kill, ORDERLY_RESUME_SECS};
    use rebalance_playground::timeline::words::seconds;
    use rebalance_playground::timeline::Notify;
    let l = LessonId::DeployCost;
    let s = l.setup(2);
    let (on, off) = (deploy(&s, Notify::On).unwrap(), deploy(&s, Notify::Off).unwrap());
    let text = step_text(l, 2, &s, &simulate(&s), Lang::En).join(" ");
    let grows = format!("grows from {} s to {} s", seconds(longest_pause(&on)), seconds(longest_pause(&off)));
    assert!(text.contains(&grows), "{text}");
    let twice = format!(
        "{} queues are pulled by two members for {} s",
        off.totals.double_pulled_queues,
        seconds(off.totals.double_pull)
    );
    assert!(text.contains(&twice), "{text}");
    let l = LessonId::OrderlyLocks;
    let s = l.task_start();
    let sim = simulate(&s);
    let longest = seconds(longest_pause(&orderly_kill(&s).unwrap()));
    let said: Vec<String> = l.conditions().iter().map(|c| condition(c, l, &s, &sim, Lang::En)).collect();
    let bar = format!("within {ORDERLY_RESUME_SECS} s (now the longest waits {longest} s)");
    assert!(said.iter().any(|c| c.contains(&bar)), "{said:?}");
}

/// The deploy lesson says what either order TIMING.md §9 leaves to chance gives: its figures as a range, the
/// ones the engine gives in each order.
#[test]
fn the_deploy_lesson_says_the_range_both_orders_give() {
    use rebalance_playground::lessons::{deploy, deploy_other_order};
    use rebalance_playground::timeline::words::order_range;
    use rebalance_playground::timeline::Notify;
    let l = LessonId::DeployCost;
    let s = l.task_start();
    let (a, b) = (deploy(&s, Notify::On).unwrap(), deploy_other_order(&s, Notify::On).unwrap());
    assert_ne!(a.totals.double_pulled_queues, b.totals.double_pulled_queues);
    for lang in [Lang::En, Lang::Zh] {
        let range = order_range(&a, &b, lang).expect("the orders differ");
        for step in [1, 3] {
            let text = step_text(l, step, &s, &simulate(&s), lang).join(" ");
            assert!(text.contains(&range), "step {step}: {text}");
        }
    }
}

/// The lessons name the page's parts as the page titles them (the "Watch a rebalance" tab, the "Per
/// instance: client, strategy, view" panel), and tell a BROADCASTING group's failures apart from
/// retryQueueNums ≤ 0's (D1, D3).
#[test]
fn the_lessons_name_the_pages_parts_and_tell_broadcasting_from_no_retry_queue() {
    for lang in [Lang::En, Lang::Zh] {
        let s = LessonId::DeployCost.task_start();
        let text = step_text(LessonId::DeployCost, 1, &s, &simulate(&s), lang).join(" ");
        assert!(text.contains(&words::tour_tab(lang, "diff")), "{text}");
        for l in [LessonId::DeployCost, LessonId::OrderlyLocks, LessonId::SplitViews] {
            let h = hint(l, lang);
            assert!(h.contains(words::page_views_title(lang)), "{l:?}: {h}");
        }
        let retry = LessonId::RetryTopic;
        let mut b = retry.task_start();
        b.model = MessageModel::Broadcasting;
        let said = step_text(retry, 2, &b, &simulate(&b), lang).join(" ");
        assert!(said.contains("BROADCASTING") && !said.contains("SUCCESS"), "{said}");
        let mut none = retry.task_start();
        none.config.retry_queue_nums = 0;
        let said = step_text(retry, 2, &none, &simulate(&none), lang).join(" ");
        assert!(said.contains("SUCCESS") && !said.contains("CLUSTERING"), "{said}");
    }
}
