//! The tour's tabs, with their stable ids.

/// The tabs, with their stable ids (`tab-<id>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Compare,
    Diff,
    Views,
    Backlog,
    Contrast,
    Export,
}

impl Tab {
    pub const ALL: [Tab; 6] = [Tab::Compare, Tab::Diff, Tab::Views, Tab::Backlog, Tab::Contrast, Tab::Export];

    pub fn id(self) -> &'static str {
        match self {
            Tab::Compare => "compare",
            Tab::Diff => "diff",
            Tab::Views => "views",
            Tab::Backlog => "backlog",
            Tab::Contrast => "contrast",
            Tab::Export => "export",
        }
    }

    /// The tab of an id (`?tab=` of a shared link).
    pub fn of_id(id: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.id() == id)
    }
}
