//! Numbers written as the two tools' libraries write them, where Rust's own formatting
//! differs: Rust writes NaN as `NaN` where Qt (cutechess-cli) and {fmt} (fastchess) write
//! `nan`, and Rust has no `%g`.

/// The two libraries' spellings of a number that is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Library {
    /// Qt's `QString::arg(double, …)`: `nan` whatever its sign bit.
    Qt,
    /// {fmt}: `-nan` when the sign bit is set, as the x86 default NaN of `inf − inf` or
    /// `0/0` has it.
    Fmt,
}

fn special(x: f64, library: Library) -> Option<&'static str> {
    if x.is_nan() {
        return Some(match library {
            Library::Fmt if x.is_sign_negative() => "-nan",
            _ => "nan",
        });
    }
    if x.is_infinite() {
        return Some(if x > 0.0 { "inf" } else { "-inf" });
    }
    None
}

/// `%.Nf`: fixed, `precision` decimals.
pub(super) fn fixed(x: f64, precision: usize, library: Library) -> String {
    match special(x, library) {
        Some(text) => text.to_owned(),
        None => format!("{x:.precision$}"),
    }
}

/// `%.Ng`: `precision` significant digits, in exponent form when the exponent is below −4
/// or not below the precision, trailing zeros dropped (C's rule, which Qt's `'g'` and
/// {fmt}'s `g` follow; both write the exponent with a sign and at least two digits).
pub(super) fn general(x: f64, precision: usize, library: Library) -> String {
    if let Some(text) = special(x, library) {
        return text.to_owned();
    }
    let precision = precision.max(1);
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // The exponent after rounding to the precision, as `%e` would show it.
    let scientific = format!("{:.*e}", precision - 1, x);
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("Rust's {:e} always has an exponent");
    let exponent: i32 = exponent.parse().expect("an integer exponent");
    if exponent < -4 || exponent >= precision as i32 {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{}e{sign}{:02}",
            trim_zeros(mantissa),
            exponent.unsigned_abs()
        )
    } else {
        let decimals = (precision as i32 - 1 - exponent).max(0) as usize;
        trim_zeros(&format!("{x:.decimals$}")).to_owned()
    }
}

fn trim_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_c_writes_them() {
        assert_eq!(fixed(f64::NAN, 1, Library::Qt), "nan");
        assert_eq!(fixed(-f64::NAN, 2, Library::Qt), "nan");
        assert_eq!(fixed(-f64::NAN, 2, Library::Fmt), "-nan");
        assert_eq!(fixed(f64::NEG_INFINITY, 1, Library::Qt), "-inf");
        assert_eq!(fixed(-12.345, 2, Library::Fmt), "-12.35");
        for (x, want) in [
            (-1.1534, "-1.15"),
            (2.944_438_979, "2.94"),
            (-2.944_438_979, "-2.94"),
            (0.0, "0"),
            (0.1, "0.1"),
            (10.0, "10"),
            (120.56, "121"),
            (999.6, "1e+03"),
            (1234.0, "1.23e+03"),
            (0.000_123_4, "0.000123"),
            (0.000_012_34, "1.23e-05"),
        ] {
            assert_eq!(general(x, 3, Library::Qt), want, "{x}");
        }
        assert_eq!(general(0.6, 2, Library::Fmt), "0.6");
        assert_eq!(general(0.05, 2, Library::Fmt), "0.05");
    }
}
