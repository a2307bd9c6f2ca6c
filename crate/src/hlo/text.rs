//! HLO text (`HloModule ...` dumps, with or without `%` prefixes, signatures, metadata and the
//! stack-frame sections) → [`HloModule`].
//!
//! The parser is structural: names, shapes, opcodes, operands, called computations, control
//! predecessors, metadata and backend config are understood; every other attribute is kept
//! as the text it was written with, so printing the module gives the same attributes back.

use super::HloError;
use super::model::{Attr, AttrValue, CompId, HloModule, InstrId, OpMetadata, StackFrames};
use super::shape::{Layout, Shape};
use super::{LITERAL, PARAMETER_NUMBER};
use hashbrown::HashMap;

/// Whether `bytes` start (after blank space) with `HloModule `: the sniff for HLO text.
pub fn looks_like_hlo_text(bytes: &[u8]) -> bool {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    bytes[start..].starts_with(b"HloModule ")
}

/// Attributes whose value names one computation.
const ONE_COMPUTATION: &[&str] = &[
    "calls",
    "to_apply",
    "condition",
    "body",
    "select",
    "scatter",
    "true_computation",
    "false_computation",
];
/// Attributes whose value is a `{a, b}` list of computations.
const COMPUTATION_LIST: &[&str] = &["branch_computations", "called_computations"];

/// One instruction as read, before names are resolved.
struct RawInstr {
    name: String,
    is_root: bool,
    shape: Shape,
    opcode: String,
    inside: Option<String>,
    operands: Vec<String>,
    attrs: Vec<(String, String)>,
    line: usize,
}

/// Parses a whole module.
pub fn parse_module(text: &str) -> Result<HloModule, HloError> {
    let mut lines = text.lines().enumerate().peekable();
    let (header_line, header) = loop {
        match lines.next() {
            Some((_, l)) if l.trim().is_empty() => continue,
            Some((n, l)) => break (n + 1, l.trim()),
            None => return Err(HloError::Invalid("empty HLO text".into())),
        }
    };
    let rest = header
        .strip_prefix("HloModule ")
        .ok_or_else(|| HloError::Text {
            line: header_line,
            message: "expected `HloModule <name>`".into(),
        })?;
    let (name, attrs) = match rest.split_once(", ") {
        Some((n, a)) => (n.trim(), a.trim()),
        None => (rest.trim(), ""),
    };
    let mut m = HloModule {
        name: name.trim_end_matches(',').to_owned(),
        header_attrs: attrs.to_owned(),
        ..HloModule::default()
    };
    let mut comps: Vec<(String, bool, Vec<RawInstr>)> = Vec::new();
    let mut section: Option<&str> = None;
    while let Some((n, line)) = lines.next() {
        let t = line.trim();
        if t.is_empty() {
            section = None;
            continue;
        }
        if let Some(s) = ["FileNames", "FunctionNames", "FileLocations", "StackFrames"]
            .iter()
            .find(|s| **s == t)
        {
            section = Some(s);
            continue;
        }
        if let Some(s) = section {
            stack_frame_line(&mut m.stack_frames, s, t);
            continue;
        }
        if !t.ends_with('{') {
            return Err(HloError::Text {
                line: n + 1,
                message: "expected a computation header ending in `{`".into(),
            });
        }
        let (is_entry, head) = match t.strip_prefix("ENTRY ") {
            Some(h) => (true, h),
            None => (false, t),
        };
        let cname = head
            .split([' ', '{'])
            .next()
            .unwrap_or("")
            .trim_start_matches('%')
            .to_owned();
        let mut instrs = Vec::new();
        loop {
            let Some((n, l)) = lines.next() else {
                return Err(HloError::Text {
                    line: n + 1,
                    message: format!("computation {cname} is not closed by `}}`"),
                });
            };
            let l = l.trim();
            if l == "}" {
                break;
            }
            if l.is_empty() {
                continue;
            }
            instrs.push(parse_instruction(l, n + 1)?);
        }
        comps.push((cname, is_entry, instrs));
    }
    build(&mut m, comps)?;
    Ok(m)
}

fn stack_frame_line(f: &mut StackFrames, section: &str, t: &str) {
    let body = t.split_once(' ').map_or("", |(_, b)| b.trim());
    let field = |key: &str| -> i32 {
        body.trim_matches(['{', '}'])
            .split_whitespace()
            .find_map(|kv| kv.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    match section {
        "FileNames" => f.file_names.push(unquote(body)),
        "FunctionNames" => f.function_names.push(unquote(body)),
        "FileLocations" => f.file_locations.push((
            field("file_name_id"),
            field("function_name_id"),
            field("line"),
            field("column"),
        )),
        _ => f
            .frames
            .push((field("file_location_id"), field("parent_frame_id"))),
    }
}

fn parse_instruction(l: &str, line: usize) -> Result<RawInstr, HloError> {
    let err = |message: &str| HloError::Text {
        line,
        message: message.to_owned(),
    };
    let (is_root, l) = match l.strip_prefix("ROOT ") {
        Some(r) => (true, r),
        None => (false, l),
    };
    let (name, rest) = l
        .split_once(" = ")
        .ok_or_else(|| err("expected `name = ...`"))?;
    let (shape_text, rest) = split_shape(rest.trim_start()).ok_or_else(|| err("bad shape"))?;
    let shape = parse_shape(shape_text).ok_or_else(|| err("bad shape"))?;
    let rest = rest.trim_start();
    let open = rest.find('(').ok_or_else(|| err("expected `opcode(`"))?;
    let opcode = rest[..open].to_owned();
    let close = matching(rest, open).ok_or_else(|| err("unbalanced operand list"))?;
    let inner = &rest[open + 1..close];
    let (inside, operands) = match opcode.as_str() {
        "parameter" | "constant" => (Some(inner.trim().to_owned()), Vec::new()),
        _ => (None, operand_names(inner)),
    };
    let tail = rest[close + 1..].trim_start();
    let mut attrs = Vec::new();
    for part in split_top(tail.strip_prefix(',').unwrap_or(tail)) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| err("expected `key=value` attribute"))?;
        attrs.push((k.trim().to_owned(), v.trim().to_owned()));
    }
    Ok(RawInstr {
        name: name.trim().trim_start_matches('%').to_owned(),
        is_root,
        shape,
        opcode,
        inside,
        operands,
        attrs,
        line,
    })
}

/// Splits the leading shape off `s`: a balanced `(...)` tuple, or text up to the first space
/// outside brackets.
fn split_shape(s: &str) -> Option<(&str, &str)> {
    if s.starts_with('(') {
        let end = matching(s, 0)?;
        return Some((&s[..=end], &s[end + 1..]));
    }
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ' ' if depth == 0 => return Some((&s[..i], &s[i..])),
            _ => {}
        }
    }
    None
}

/// Walks `s` outside double-quoted strings (backslash escapes inside them), calling
/// `visit(index, char, depth)` for every character with the bracket depth after it (an opening
/// bracket counts itself, a closing one no longer does); stops at the first `Some` `visit`
/// returns. The one string-aware bracket scanner of the text reader.
fn scan_top<T>(s: &str, mut visit: impl FnMut(usize, char, i32) -> Option<T>) -> Option<T> {
    let (mut depth, mut in_str, mut escaped) = (0i32, false, false);
    for (i, c) in s.char_indices() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            _ => {}
        }
        if let Some(v) = visit(i, c, depth) {
            return Some(v);
        }
    }
    None
}

/// Index of the bracket closing the one at `open`, skipping quoted strings.
fn matching(s: &str, open: usize) -> Option<usize> {
    scan_top(&s[open..], |i, c, depth| {
        (matches!(c, ')' | '}' | ']') && depth == 0).then_some(open + i)
    })
}

/// Splits at commas outside brackets and strings.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    scan_top(s, |i, c, depth| {
        if c == ',' && depth == 0 {
            out.push(&s[start..i]);
            start = i + 1;
        }
        None::<()>
    });
    out.push(&s[start..]);
    out
}

/// Operand names from `f32[2]{0} %a, /*index=5*/%b` (shapes and comments dropped).
fn operand_names(inner: &str) -> Vec<String> {
    split_top(inner)
        .into_iter()
        .filter_map(|p| {
            let p = strip_comments(p);
            let last = p.split_whitespace().last()?.trim_start_matches('%');
            (!last.is_empty()).then(|| last.to_owned())
        })
        .collect()
}

fn strip_comments(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        match rest[i..].find("*/") {
            Some(j) => rest = &rest[i + j + 2..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// Parses `f32[2,3]{1,0:T(8,128)S(1)}`, `(s32[], f32[2])`, `token[]`.
pub fn parse_shape(s: &str) -> Option<Shape> {
    let s = s.trim();
    if let Some(inner) = s.strip_prefix('(') {
        let inner = inner.strip_suffix(')')?;
        if inner.trim().is_empty() {
            return Some(Shape::Tuple(Vec::new()));
        }
        return split_top(inner)
            .into_iter()
            .map(|p| parse_shape(&strip_comments(p)))
            .collect::<Option<Vec<_>>>()
            .map(Shape::Tuple);
    }
    let open = s.find('[')?;
    let close = open + s[open..].find(']')?;
    let element = s[..open].trim();
    match element {
        "token" => return Some(Shape::Token),
        "opaque" => return Some(Shape::Opaque),
        _ => {}
    }
    let element = element_static(element)?;
    let mut dims = Vec::new();
    let mut dynamic = Vec::new();
    for d in s[open + 1..close]
        .split(',')
        .filter(|d| !d.trim().is_empty())
    {
        let d = d.trim();
        let (dy, d) = match d.strip_prefix("<=") {
            Some(rest) => (true, rest),
            None => (false, d),
        };
        dims.push(d.parse().ok()?);
        dynamic.push(dy);
    }
    if !dynamic.iter().any(|&d| d) {
        dynamic.clear();
    }
    let layout_text = s[close + 1..].trim();
    let layout = if layout_text.is_empty() {
        // XLA omits a scalar's empty layout; arrays without one have none.
        dims.is_empty().then(Layout::default)
    } else {
        Some(parse_layout(layout_text)?)
    };
    Some(Shape::Array {
        element,
        dims,
        dynamic,
        layout,
    })
}

fn element_static(e: &str) -> Option<&'static str> {
    (1..=33)
        .filter_map(super::shape::element_type_name)
        .find(|&n| n == e)
}

/// Parses `{1,0:T(8,128)(2,1)L(2)E(32)S(1)}`.
fn parse_layout(s: &str) -> Option<Layout> {
    let inner = s.strip_prefix('{')?.strip_suffix('}')?;
    let (m2m, extra) = inner.split_once(':').unwrap_or((inner, ""));
    let mut l = Layout {
        minor_to_major: m2m
            .split(',')
            .filter(|d| !d.trim().is_empty())
            .map(|d| d.trim().parse().ok())
            .collect::<Option<Vec<_>>>()?,
        ..Layout::default()
    };
    let mut rest = extra;
    while !rest.is_empty() {
        let key_end = rest.find('(')?;
        let key = &rest[..key_end];
        let mut groups = Vec::new();
        let mut r = &rest[key_end..];
        while let Some(after) = r.strip_prefix('(') {
            let end = after.find(')')?;
            groups.push(&after[..end]);
            r = &after[end + 1..];
        }
        rest = r;
        let num = || groups.first().and_then(|g| g.parse::<i64>().ok());
        match key {
            "T" => {
                for g in &groups {
                    l.tiles.push(
                        g.split(',')
                            .map(|d| {
                                if d.trim() == "*" {
                                    Some(i64::MIN)
                                } else {
                                    d.trim().parse().ok()
                                }
                            })
                            .collect::<Option<Vec<_>>>()?,
                    );
                }
            }
            "L" => l.tail_padding_alignment = num()?,
            "E" => l.element_size_in_bits = num()?,
            "S" => l.memory_space = num()?,
            "M" => l.dynamic_prefix_bytes = num()?,
            "#" => l.index_type = element_static(groups.first()?),
            "*" => l.pointer_type = element_static(groups.first()?),
            _ => {}
        }
    }
    Some(l)
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return s.to_owned();
    };
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(o) => out.push(o),
            None => {}
        }
    }
    out
}

fn parse_metadata(body: &str) -> OpMetadata {
    let inner = body
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .unwrap_or(body);
    let mut m = OpMetadata {
        text: inner.to_owned(),
        ..OpMetadata::default()
    };
    // `key="value"` or `key=number`, separated by spaces outside quotes.
    let mut rest = inner.trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim();
        let after = &rest[eq + 1..];
        let (value, next) = if after.starts_with('"') {
            let end = quoted_end(after).unwrap_or(after.len());
            (unquote(&after[..end]), &after[end..])
        } else {
            let end = after.find(' ').unwrap_or(after.len());
            (after[..end].to_owned(), &after[end..])
        };
        match key {
            "op_type" => m.op_type = value,
            "op_name" => m.op_name = value,
            "source_file" => m.source_file = value,
            "source_line" => m.source_line = value.parse().unwrap_or(0),
            "stack_frame_id" => m.stack_frame_id = value.parse().unwrap_or(0),
            _ => {}
        }
        rest = next.trim_start();
    }
    m
}

/// Length of the quoted string at the start of `s` (including both quotes).
fn quoted_end(s: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in s.char_indices().skip(1) {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '"') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// Resolves names and fills the tables.
fn build(m: &mut HloModule, comps: Vec<(String, bool, Vec<RawInstr>)>) -> Result<(), HloError> {
    let comp_ids: HashMap<String, CompId> = comps
        .iter()
        .enumerate()
        .map(|(i, (n, _, _))| (n.clone(), CompId(i as u32)))
        .collect();
    let mut ids: HashMap<String, InstrId> = HashMap::new();
    let mut next = 0u32;
    for (_, _, instrs) in &comps {
        for r in instrs {
            ids.insert(r.name.clone(), InstrId(next));
            next += 1;
        }
    }
    let comp_ref = |name: &str, line: usize| {
        comp_ids
            .get(name.trim().trim_start_matches('%'))
            .copied()
            .ok_or_else(|| HloError::Text {
                line,
                message: format!("unknown computation {name}"),
            })
    };
    let instr_ref = |name: &str, line: usize| {
        ids.get(name.trim().trim_start_matches('%'))
            .copied()
            .ok_or_else(|| HloError::Text {
                line,
                message: format!("unknown instruction {name}"),
            })
    };
    for (ci, (cname, is_entry, instrs)) in comps.into_iter().enumerate() {
        let start = m.instructions.len() as u32;
        let mut root = None;
        let mut last = None;
        for r in instrs {
            let id = InstrId(m.instructions.len() as u32);
            last = Some(id);
            if r.is_root {
                root = Some(id);
            }
            let t = &mut m.instructions;
            let ostart = t.operand_pool.len() as u32;
            for o in &r.operands {
                t.operand_pool.push(instr_ref(o, r.line)?);
            }
            t.operands.push(ostart..t.operand_pool.len() as u32);
            let mut attrs = Vec::new();
            match (r.opcode.as_str(), &r.inside) {
                ("parameter", Some(v)) => attrs.push(text_attr(PARAMETER_NUMBER, v)),
                ("constant", Some(v)) => attrs.push(text_attr(LITERAL, v)),
                _ => {}
            }
            let (mut called, mut preds) = (Vec::new(), Vec::new());
            let (mut kind, mut target, mut backend, mut meta) = (
                String::new(),
                String::new(),
                Vec::new(),
                OpMetadata::default(),
            );
            for (k, v) in r.attrs {
                match k.as_str() {
                    "metadata" => meta = parse_metadata(&v),
                    "backend_config" => {
                        backend = if v.starts_with('"') { unquote(&v) } else { v }.into_bytes()
                    }
                    "control-predecessors" => {
                        for p in list_items(&v) {
                            preds.push(instr_ref(p, r.line)?);
                        }
                    }
                    k if ONE_COMPUTATION.contains(&k) => {
                        let c = comp_ref(&v, r.line)?;
                        called.push(c);
                        attrs.push(Attr {
                            key: k.to_owned(),
                            value: AttrValue::Computation(c),
                        });
                    }
                    k if COMPUTATION_LIST.contains(&k) => {
                        let cs = list_items(&v)
                            .map(|c| comp_ref(c, r.line))
                            .collect::<Result<Vec<_>, _>>()?;
                        called.extend(&cs);
                        attrs.push(Attr {
                            key: k.to_owned(),
                            value: AttrValue::Computations(cs),
                        });
                    }
                    _ => {
                        if k == "kind" && r.opcode == "fusion" {
                            kind = v.clone();
                        }
                        if k == "custom_call_target" {
                            target = unquote(&v);
                        }
                        attrs.push(text_attr(&k, &v));
                    }
                }
            }
            let t = &mut m.instructions;
            let cstart = t.control_pool.len() as u32;
            t.control_pool.extend(preds);
            t.control_predecessors
                .push(cstart..t.control_pool.len() as u32);
            t.name.push(r.name);
            t.opcode.push(r.opcode);
            t.shape.push(r.shape);
            t.computation.push(CompId(ci as u32));
            t.called.push(called);
            t.attrs.push(attrs);
            t.fusion_kind.push(kind);
            t.custom_call_target.push(target);
            t.backend_config.push(backend);
            t.metadata.push(meta);
        }
        let c = &mut m.computations;
        c.name.push(cname.clone());
        c.instructions.push(start..m.instructions.len() as u32);
        c.root.push(root.or(last));
        c.is_fusion.push(false);
        c.execution_thread.push(String::new());
        if is_entry {
            m.entry = Some(CompId(ci as u32));
        }
    }
    // A computation called through `calls=` of a fusion is a fusion body.
    for i in 0..m.instructions.len() {
        if m.instructions.opcode[i] == "fusion" {
            for &c in &m.instructions.called[i] {
                m.computations.is_fusion[c.index()] = true;
            }
        }
    }
    m.index();
    Ok(())
}

fn text_attr(key: &str, v: &str) -> Attr {
    Attr {
        key: key.to_owned(),
        value: AttrValue::Text(v.to_owned()),
    }
}

/// Items of `{a, %b}`.
fn list_items(v: &str) -> impl Iterator<Item = &str> {
    v.trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
}
