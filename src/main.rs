//! The playground binary that Trunk builds (`index.html` picks it with `data-bin`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    rebalance_playground::web::start();
}
