//! A small YAML reader for what the recipes of the guide use (`docs/scale-out.md`,
//! `docs/ci.md`): block mappings and sequences by indentation, plain and quoted scalars, flow
//! sequences of scalars, and literal block scalars (`|`). Anything else in a recipe fails the
//! test rather than being misread.

use serde_json::Value;

struct Line<'a> {
    indent: usize,
    text: &'a str,
}

pub fn parse(text: &str) -> Value {
    let lines: Vec<&str> = text.lines().collect();
    let mut at = 0;
    parse_node(&lines, &mut at, 0)
}

fn line<'a>(lines: &[&'a str], at: usize) -> Option<Line<'a>> {
    let raw = lines.get(at)?;
    let text = raw.trim_start();
    Some(Line {
        indent: raw.len() - text.len(),
        text: text.trim_end(),
    })
}

fn skip_blank(lines: &[&str], at: &mut usize) {
    while let Some(l) = line(lines, *at) {
        if l.text.is_empty() || l.text.starts_with('#') {
            *at += 1;
        } else {
            break;
        }
    }
}

fn parse_node(lines: &[&str], at: &mut usize, min_indent: usize) -> Value {
    skip_blank(lines, at);
    let Some(first) = line(lines, *at) else {
        return Value::Null;
    };
    assert!(first.indent >= min_indent, "line {}: misindented", *at + 1);
    if first.text.starts_with("- ") || first.text == "-" {
        parse_sequence(lines, at, first.indent)
    } else {
        parse_mapping(lines, at, first.indent)
    }
}

fn parse_sequence(lines: &[&str], at: &mut usize, indent: usize) -> Value {
    let mut items = Vec::new();
    loop {
        skip_blank(lines, at);
        let Some(l) = line(lines, *at) else { break };
        if l.indent != indent || !l.text.starts_with('-') {
            assert!(l.indent < indent, "line {}: misindented", *at + 1);
            break;
        }
        let rest = l.text[1..].trim_start();
        let inner = indent + (l.text.len() - rest.len());
        if rest.is_empty() {
            *at += 1;
            items.push(parse_node(lines, at, indent + 1));
        } else if rest == "|" {
            *at += 1;
            items.push(Value::String(block_scalar(lines, at, indent)));
        } else if key_value(rest).is_some() {
            // A mapping whose first key is on the dash's line: read it as if the dash
            // were a space.
            let mut copy: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            copy[*at] = format!("{}{}", " ".repeat(inner), rest);
            let copy: Vec<&str> = copy.iter().map(String::as_str).collect();
            items.push(parse_mapping(&copy, at, inner));
        } else {
            *at += 1;
            items.push(scalar(rest));
        }
    }
    Value::Array(items)
}

fn key_value(text: &str) -> Option<(&str, &str)> {
    if text.starts_with('"') || text.starts_with('[') {
        return None;
    }
    let (key, value) = text
        .split_once(": ")
        .or_else(|| text.strip_suffix(':').map(|k| (k, "")))?;
    Some((key.trim(), value.trim()))
}

fn parse_mapping(lines: &[&str], at: &mut usize, indent: usize) -> Value {
    let mut map = serde_json::Map::new();
    loop {
        skip_blank(lines, at);
        let Some(l) = line(lines, *at) else { break };
        if l.indent < indent {
            break;
        }
        assert_eq!(l.indent, indent, "line {}: misindented", *at + 1);
        let (key, value) = key_value(l.text)
            .unwrap_or_else(|| panic!("line {}: not `key: value`: {}", *at + 1, l.text));
        *at += 1;
        let value = match value {
            "" => parse_node(lines, at, indent + 1),
            "|" => Value::String(block_scalar(lines, at, indent)),
            other => scalar(other),
        };
        map.insert(key.to_owned(), value);
    }
    Value::Object(map)
}

/// The lines indented past `indent`, dedented by the first one's indentation.
fn block_scalar(lines: &[&str], at: &mut usize, indent: usize) -> String {
    let mut body = Vec::new();
    let mut base = None;
    while let Some(l) = line(lines, *at) {
        if !l.text.is_empty() && l.indent <= indent {
            break;
        }
        let base = *base.get_or_insert(l.indent);
        body.push(lines[*at].get(base..).unwrap_or("").to_owned());
        *at += 1;
    }
    body.join("\n") + "\n"
}

fn scalar(text: &str) -> Value {
    let text = match text.find(" #") {
        Some(at) if !text.starts_with('"') => &text[..at],
        _ => text,
    }
    .trim();
    if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        return Value::Array(inner.split(',').map(|item| scalar(item.trim())).collect());
    }
    if let Some(inner) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        return Value::String(inner.to_owned());
    }
    if let Ok(n) = text.parse::<i64>() {
        return Value::from(n);
    }
    match text {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => Value::String(text.to_owned()),
    }
}
