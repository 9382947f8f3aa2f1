pub use engine;
