//! Gomoku and renju rules (placeholder: being written).
