//! End-to-end tests of `arbiter forbidden`: the renju verdict for black, and exit status 2 with a
//! clear message for bad boards and points.

use crate::common;

use common::{arbiter, stdout_of};
use predicates::prelude::*;

fn verdict(args: &[&str]) -> String {
    stdout_of(&[&["forbidden"], args].concat())
}

fn refused(args: &[&str], message: &str) {
    arbiter()
        .arg("forbidden")
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

#[test]
fn double_three_is_forbidden() {
    // 7,7 completes open threes across (5..7,7) and down (7,5..7).
    let args = [
        "--size",
        "15",
        "--black",
        "5,7 6,7 7,5 7,6",
        "--point",
        "7,7",
    ];
    assert_eq!(verdict(&args), "forbidden double-three\n");
}

#[test]
fn a_three_blocked_by_white_does_not_count() {
    let args = [
        "--size",
        "15",
        "--black",
        "5,7 6,7 7,5 7,6",
        "--white",
        "4,7",
        "--point",
        "7,7",
    ];
    assert_eq!(verdict(&args), "allowed\n");
}

#[test]
fn double_four_is_forbidden() {
    // Two closed fours: across (white at 3,7) and down (white at 7,3).
    let args = [
        "--size",
        "15",
        "--black",
        "4,7 5,7 6,7 7,4 7,5 7,6",
        "--white",
        "3,7 7,3",
        "--point",
        "7,7",
    ];
    assert_eq!(verdict(&args), "forbidden double-four\n");
}

#[test]
fn overline_is_forbidden_but_an_exact_five_wins() {
    let six = [
        "--size",
        "15",
        "--black",
        "2,7 3,7 4,7 6,7 7,7",
        "--point",
        "5,7",
    ];
    assert_eq!(verdict(&six), "forbidden overline\n");
    let five = [
        "--size",
        "15",
        "--black",
        "3,7 4,7 6,7 7,7",
        "--point",
        "5,7",
    ];
    assert_eq!(verdict(&five), "allowed\n");
}

#[test]
fn four_three_is_allowed() {
    let args = [
        "--size",
        "15",
        "--black",
        "4,7 5,7 6,7 7,5 7,6",
        "--white",
        "3,7",
        "--point",
        "7,7",
    ];
    assert_eq!(verdict(&args), "allowed\n");
}

#[test]
fn rectangular_boards() {
    // On a 20x8 board the same double-three works near the bottom edge.
    let args = [
        "--rect",
        "20,8",
        "--black",
        "15,5 16,5 17,2 17,3",
        "--point",
        "17,5",
    ];
    assert_eq!(verdict(&args), "forbidden double-three\n");
    refused(
        &["--rect", "20,8", "--point", "3,8"],
        "point 3,8 is off the 20x8 board",
    );
}

#[test]
fn bad_input_is_exit_2_with_the_reason() {
    refused(
        &["--size", "15", "--black", "7,7", "--point", "7,7"],
        "point 7,7 is already occupied",
    );
    refused(
        &["--size", "15", "--point", "15,0"],
        "point 15,0 is off the 15x15 board",
    );
    refused(&["--size", "4", "--point", "1,1"], "between 5 and 32");
    refused(
        &["--size", "15", "--black", "1,1 1,1", "--point", "2,2"],
        "already occupied",
    );
    refused(
        &["--size", "15", "--white", "x,1", "--point", "2,2"],
        "--white",
    );
    refused(&["--rect", "20", "--point", "1,1"], "is not W,H");
    refused(&["--point", "1,1"], "--size");
}
