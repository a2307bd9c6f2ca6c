//! Prints a [`Module`] in MLIR's generic op form, byte for byte as MLIR's printer does:
//! SSA numbering (unique ids across regions, regions numbered last-first as MLIR's
//! naming walk does), attribute and type syntax, the aliases of `alias.rs` (defined before
//! the module, deferrable op locations after it), distinct attributes numbered in print
//! order, and the `{-# dialect_resources ... #-}` block of the resources it printed.

use super::alias::{Aliases, is_identity_layout};
use super::attr::{Attr, Type};
use super::bytecode::ResourceValue;
use super::float::format_float;
use super::ir::{Block, Op, Region, ValueDef};
use super::props::{PropValue, decode_properties};
use super::{Module, Undecoded};
use std::fmt::Write;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// Print locations (`loc(...)` after every op and block argument, `#loc` aliases), as
    /// MLIR does with debug info on and not pretty.
    pub locs: bool,
}

/// Deepest attribute/type nesting printed; deeper references (only possible in broken
/// input, since entries can refer to each other in cycles) print as undecoded.
const MAX_ATTR_DEPTH: usize = 64;

/// Attribute, type and location bodies printed for one module at most: `BODIES_BASE` plus
/// `BODIES_PER_BYTE` per byte of its bytecode (a body is one node: a dense array of any size
/// is one). Entries can refer to each other as a DAG whose text doubles with each level (an
/// array of the level below, twice): past the budget a reference prints as undecoded, so
/// broken input can neither make the printer run for ever nor turn a kilobyte into a hundred
/// megabytes of text. The kernels of `tests/mlir.rs` use under 0.4 bodies per byte.
const BODIES_BASE: usize = 1 << 16;
const BODIES_PER_BYTE: usize = 32;

/// Elements of a `dense<>` above which MLIR prints the raw data as a hex string.
const HEX_ELEMENTS_THRESHOLD: u64 = 100;

pub fn print(m: &Module, options: &PrintOptions) -> String {
    let implicit_module;
    let top = match m.top.ops.as_slice() {
        [single] => single,
        _ => {
            implicit_module = implicit_module_op(m);
            &implicit_module
        }
    };
    let names = number_values(m, top);
    let aliases = Aliases::collect(m, top, options.locs);
    let mut p = Printer {
        m,
        out: String::with_capacity(64 + m.op_count as usize * 96),
        names,
        aliases,
        locs: options.locs,
        notes: Vec::new(),
        distinct_ids: hashbrown::HashMap::new(),
        used_resources: Vec::new(),
        bodies: 0,
        max_bodies: BODIES_BASE.saturating_add(BODIES_PER_BYTE.saturating_mul(m.encoded_bytes)),
    };
    for u in &m.undecoded {
        let _ = writeln!(
            p.out,
            "// planeview: undecoded {} ({} bytes)",
            u.what, u.bytes
        );
    }
    p.print_alias_defs(false);
    p.op(top, 0);
    p.out.push('\n');
    p.print_alias_defs(true);
    p.print_resources();
    p.out
}

/// The implicit `builtin.module` MLIR puts around several top-level ops.
fn implicit_module_op(m: &Module) -> Op {
    let module_name = m
        .op_names
        .iter()
        .position(|n| n.full == "builtin.module")
        .unwrap_or(0) as u32;
    let unknown = m
        .attrs
        .iter()
        .position(|a| *a == Attr::UnknownLoc)
        .unwrap_or(0) as u32;
    Op {
        name: module_name,
        loc: unknown,
        regions: vec![Region {
            blocks: vec![m.top.clone()],
        }],
        ..Op::default()
    }
}

/// The printed name of every value id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Name {
    Unnamed,
    Num(u32),
    Arg(u32),
}

/// MLIR's SSA naming walk with unique ids: the top op's results, then a stack of regions
/// (pushed in op order, popped last first); entry-block arguments are `%argN`, other
/// block arguments and each op's first result take the next number.
fn number_values(m: &Module, top: &Op) -> Vec<Name> {
    let mut names = vec![Name::Unnamed; m.values.len()];
    let (mut next_value, mut next_arg) = (0u32, 0u32);
    let name_op = |op: &Op, names: &mut Vec<Name>, next_value: &mut u32| {
        if let Some(&first) = op.results.first() {
            names[first as usize] = Name::Num(*next_value);
            *next_value += 1;
        }
    };
    name_op(top, &mut names, &mut next_value);
    let mut stack: Vec<&Region> = top.regions.iter().collect();
    while let Some(region) = stack.pop() {
        for (i, block) in region.blocks.iter().enumerate() {
            for arg in &block.args {
                names[arg.value as usize] = if i == 0 {
                    next_arg += 1;
                    Name::Arg(next_arg - 1)
                } else {
                    next_value += 1;
                    Name::Num(next_value - 1)
                };
            }
            for op in &block.ops {
                name_op(op, &mut names, &mut next_value);
            }
        }
        for block in &region.blocks {
            for op in &block.ops {
                stack.extend(op.regions.iter());
            }
        }
    }
    names
}

/// The op's attribute dictionary entries that print in `{...}` (for a registered builtin
/// op of a pre-properties file, its inherent attributes print as properties instead).
pub(super) fn discardable_attrs(m: &Module, op: &Op) -> Vec<(u32, u32)> {
    let Some(Attr::Dict(pairs)) = op.attrs.and_then(|a| m.attrs.get(a as usize)) else {
        return Vec::new();
    };
    let inherent = legacy_inherent(m, op);
    pairs
        .iter()
        .copied()
        .filter(|&(n, _)| !inherent.iter().any(|i| name_is(m, n, i)))
        .collect()
}

/// Inherent attributes of ops that are registered in any MLIR context (the builtin
/// dialect), which MLIR moves from a pre-properties file's dictionary into properties.
fn legacy_inherent(m: &Module, op: &Op) -> &'static [&'static str] {
    if m.version >= 5 {
        return &[];
    }
    match m.op_names.get(op.name as usize).map(|n| n.full.as_str()) {
        Some("builtin.module") => &["sym_name", "sym_visibility"],
        _ => &[],
    }
}

fn name_is(m: &Module, attr: u32, name: &str) -> bool {
    matches!(m.attrs.get(attr as usize), Some(Attr::String { value, .. }) if value == name.as_bytes())
}

struct Printer<'m> {
    m: &'m Module,
    out: String,
    names: Vec<Name>,
    aliases: Aliases,
    locs: bool,
    /// Undecoded parts met while printing the current op.
    notes: Vec<Undecoded>,
    /// The number of each distinct attribute printed so far (numbered as printed).
    distinct_ids: hashbrown::HashMap<u32, u32>,
    /// Resources referenced so far, in first-use order.
    used_resources: Vec<u32>,
    /// Attribute, type and location bodies printed so far, and at most (see [`BODIES_BASE`]).
    bodies: usize,
    max_bodies: usize,
}

impl Printer<'_> {
    /// Counts one more body printed; false once past the budget (see [`BODIES_BASE`]).
    fn within_budget(&mut self) -> bool {
        self.bodies += 1;
        self.bodies <= self.max_bodies
    }

    fn print_alias_defs(&mut self, deferred: bool) {
        let order = std::mem::take(&mut self.aliases.order);
        for &(is_type, index, deferrable) in &order {
            if deferrable != deferred {
                continue;
            }
            let start = self.out.len();
            let name = if is_type {
                self.aliases.of_type(index)
            } else {
                self.aliases.of_attr(index)
            };
            self.out.push_str(name.unwrap_or_default());
            self.out.push_str(" = ");
            let mut text = String::new();
            if is_type {
                self.ty_body(&mut text, index, 0);
            } else {
                self.attr_body(&mut text, index, Elide::Never, 0);
            }
            self.out.push_str(&text);
            self.flush_notes_before(start, "");
            self.out.push('\n');
        }
        self.aliases.order = order;
    }

    /// Moves the notes collected while printing the line that starts at `start` in
    /// front of it, each on its own line with the line's indentation.
    fn flush_notes_before(&mut self, start: usize, indent: &str) {
        if self.notes.is_empty() {
            return;
        }
        // Each distinct note once, in first-seen order, with how often it came.
        let mut seen: Vec<(Undecoded, usize)> = Vec::new();
        let mut index: hashbrown::HashMap<(String, usize), usize> = hashbrown::HashMap::new();
        for n in self.notes.drain(..) {
            match index.entry((n.what.clone(), n.bytes)) {
                hashbrown::hash_map::Entry::Occupied(e) => seen[*e.get()].1 += 1,
                hashbrown::hash_map::Entry::Vacant(e) => {
                    e.insert(seen.len());
                    seen.push((n, 1));
                }
            }
        }
        let mut lines = String::new();
        for (n, times) in seen {
            let _ = write!(
                lines,
                "{indent}// planeview: undecoded {} ({} bytes)",
                n.what, n.bytes
            );
            let _ = if times > 1 {
                writeln!(lines, ", {times} times")
            } else {
                writeln!(lines)
            };
        }
        // `start` is at the line's indentation; notes go before it.
        let at = start.saturating_sub(indent.len());
        let tail = self.out.split_off(at);
        self.out.push_str(&lines);
        self.out.push_str(&tail);
    }

    fn value(&self, out: &mut String, v: u32) {
        match self.m.values.get(v as usize) {
            Some(ValueDef::Result {
                first,
                index,
                count,
            }) => {
                match self.names.get(*first as usize) {
                    Some(Name::Num(n)) => {
                        let _ = write!(out, "%{n}");
                    }
                    _ => out.push_str("<<UNKNOWN SSA VALUE>>"),
                }
                if *count > 1 {
                    let _ = write!(out, "#{index}");
                }
            }
            Some(ValueDef::Arg) => match self.names[v as usize] {
                Name::Arg(n) => {
                    let _ = write!(out, "%arg{n}");
                }
                Name::Num(n) => {
                    let _ = write!(out, "%{n}");
                }
                Name::Unnamed => out.push_str("<<UNKNOWN SSA VALUE>>"),
            },
            _ => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    fn op(&mut self, op: &Op, indent: usize) {
        let pad = " ".repeat(indent);
        self.out.push_str(&pad);
        let start = self.out.len();
        let mut s = String::new();
        if let Some(&first) = op.results.first() {
            match self.names.get(first as usize) {
                Some(Name::Num(n)) => {
                    let _ = write!(s, "%{n}");
                }
                _ => s.push_str("<<UNKNOWN SSA VALUE>>"),
            }
            if op.results.len() > 1 {
                let _ = write!(s, ":{}", op.results.len());
            }
            s.push_str(" = ");
        }
        let name = self
            .m
            .op_names
            .get(op.name as usize)
            .map_or("<<UNKNOWN OP>>", |n| n.full.as_str());
        s.push('"');
        escape(&mut s, name.as_bytes());
        s.push_str("\"(");
        for (i, &v) in op.operands.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            self.value(&mut s, v);
        }
        s.push(')');
        if !op.successors.is_empty() {
            s.push('[');
            for (i, b) in op.successors.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                let _ = write!(s, "^bb{b}");
            }
            s.push(']');
        }
        self.properties(&mut s, op);
        self.out.push_str(&s);
        // Nested ops flush their own notes; keep this op's aside meanwhile.
        let own_notes = std::mem::take(&mut self.notes);
        if !op.regions.is_empty() {
            self.out.push_str(" (");
            for (i, region) in op.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(region, indent);
            }
            self.out.push(')');
        }
        self.notes = own_notes;
        let mut s = String::new();
        let attrs = discardable_attrs(self.m, op);
        if !attrs.is_empty() {
            s.push_str(" {");
            for (i, &(n, v)) in attrs.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                self.named_attr(&mut s, n, v, 0);
            }
            s.push('}');
        }
        s.push_str(" : (");
        for (i, &v) in op.operands.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            match self.value_type(v) {
                Some(t) => self.ty(&mut s, t, 0),
                None => s.push_str("<<NULL TYPE>>"),
            }
        }
        s.push_str(") -> ");
        let wrap = op.result_types.len() != 1
            || matches!(
                self.m.types.get(op.result_types[0] as usize),
                Some(Type::Function { .. })
            );
        if wrap {
            s.push('(');
        }
        for (i, &t) in op.result_types.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            self.ty(&mut s, t, 0);
        }
        if wrap {
            s.push(')');
        }
        if self.locs {
            s.push(' ');
            self.location(&mut s, op.loc, true);
        }
        self.out.push_str(&s);
        self.flush_notes_before(start, &pad);
    }

    fn value_type(&self, v: u32) -> Option<u32> {
        value_type(self.m, v)
    }

    fn properties(&mut self, s: &mut String, op: &Op) {
        let registered = self
            .m
            .op_names
            .get(op.name as usize)
            .and_then(|n| n.registered)
            .unwrap_or(false);
        let mut entries: Vec<(String, PropValue)> = Vec::new();
        if let Some(p) = op.props {
            let raw = self
                .m
                .properties
                .get(p as usize)
                .map_or(&[][..], Vec::as_slice);
            let name = &self.m.op_names[op.name as usize].full;
            if registered {
                match decode_properties(name, raw, self.m) {
                    Ok(list) => {
                        for (n, v) in list {
                            entries.push((n.to_owned(), v));
                        }
                    }
                    Err(what) => self.notes.push(Undecoded {
                        what: format!("properties of {name} ({what})"),
                        bytes: raw.len(),
                    }),
                }
            } else {
                let mut r = super::reader::Reader::new(raw, 0);
                match r.varint().and_then(|i| u32::try_from(i).ok()) {
                    Some(a) if r.at_end() && (a as usize) < self.m.attrs.len() => {
                        s.push_str(" <");
                        self.attr(s, a, Elide::Never, 0);
                        s.push('>');
                        return;
                    }
                    _ => self.notes.push(Undecoded {
                        what: format!("properties of {name}"),
                        bytes: raw.len(),
                    }),
                }
            }
        }
        for inherent in legacy_inherent(self.m, op) {
            if let Some(Attr::Dict(pairs)) = op.attrs.and_then(|a| self.m.attrs.get(a as usize)) {
                if let Some(&(_, v)) = pairs.iter().find(|&&(n, _)| name_is(self.m, n, inherent)) {
                    entries.push(((*inherent).to_owned(), PropValue::Attr(v)));
                }
            }
        }
        if entries.is_empty() {
            return;
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        s.push_str(" <{");
        for (i, (n, v)) in entries.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            keyword_or_string(s, n.as_bytes());
            match v {
                PropValue::Attr(a) => {
                    if !matches!(self.m.attrs.get(*a as usize), Some(Attr::Unit)) {
                        s.push_str(" = ");
                        self.attr(s, *a, Elide::Never, 0);
                    }
                }
                PropValue::I32(v) => {
                    let _ = write!(s, " = {} : i32", *v as i32);
                }
                PropValue::I32Array(values) => {
                    s.push_str(" = array<i32");
                    if !values.is_empty() {
                        s.push_str(": ");
                        for (j, x) in values.iter().enumerate() {
                            if j > 0 {
                                s.push_str(", ");
                            }
                            let _ = write!(s, "{}", *x as i32);
                        }
                    }
                    s.push('>');
                }
            }
        }
        s.push_str("}>");
    }

    fn region(&mut self, region: &Region, indent: usize) {
        self.out.push_str("{\n");
        for (i, block) in region.blocks.iter().enumerate() {
            let header = i > 0 || block.ops.is_empty() || !block.args.is_empty();
            self.block(region, i, block, header, indent);
        }
        self.out.push_str(&" ".repeat(indent));
        self.out.push('}');
    }

    fn block(&mut self, region: &Region, index: usize, block: &Block, header: bool, indent: usize) {
        if header {
            let pad = " ".repeat(indent);
            self.out.push_str(&pad);
            let start = self.out.len();
            let mut s = format!("^bb{index}");
            if !block.args.is_empty() {
                s.push('(');
                for (i, arg) in block.args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.value(&mut s, arg.value);
                    s.push_str(": ");
                    self.ty(&mut s, arg.ty, 0);
                    if self.locs {
                        s.push(' ');
                        match arg.loc {
                            Some(l) => self.location(&mut s, l, false),
                            None => s.push_str("loc(unknown)"),
                        }
                    }
                }
                s.push(')');
            }
            s.push(':');
            let preds = predecessors(region, index as u32);
            if preds.is_empty() {
                if index != 0 {
                    s.push_str("  // no predecessors");
                }
            } else if preds.len() == 1 {
                let _ = write!(s, "  // pred: ^bb{}", preds[0]);
            } else {
                let mut sorted = preds.clone();
                sorted.sort_unstable();
                let _ = write!(s, "  // {} preds: ", sorted.len());
                for (i, p) in sorted.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    let _ = write!(s, "^bb{p}");
                }
            }
            self.out.push_str(&s);
            self.flush_notes_before(start, &pad);
            self.out.push('\n');
        }
        for op in &block.ops {
            self.op(op, indent + 2);
            self.out.push('\n');
        }
    }

    /// `loc(...)`: an alias when allowed and present, else the location inline.
    fn location(&mut self, s: &mut String, loc: u32, allow_alias: bool) {
        s.push_str("loc(");
        match self.aliases.of_attr(loc) {
            Some(alias) if allow_alias => s.push_str(alias),
            _ => self.location_inner(s, loc, true, 0),
        }
        s.push(')');
    }

    fn location_inner(&mut self, s: &mut String, loc: u32, top: bool, depth: usize) {
        if !top {
            if let Some(alias) = self.aliases.of_attr(loc) {
                s.push_str(alias);
                return;
            }
        }
        if depth > MAX_ATTR_DEPTH {
            self.undecoded_attr(s, loc, "attribute nested too deep");
            return;
        }
        if !self.within_budget() {
            self.undecoded_attr(s, loc, "location past the printing budget");
            return;
        }
        match self.m.attrs.get(loc as usize).cloned() {
            Some(Attr::UnknownLoc) => s.push_str("unknown"),
            Some(Attr::FileLoc {
                file,
                line,
                col,
                end_line,
                end_col,
            }) => {
                self.quoted_string_attr(s, file);
                if end_line == line && end_col == col {
                    let _ = write!(s, ":{line}:{col}");
                } else if end_line == line {
                    let _ = write!(s, ":{line}:{col} to :{end_col}");
                } else {
                    let _ = write!(s, ":{line}:{col} to {end_line}:{end_col}");
                }
            }
            Some(Attr::NameLoc { name, child }) => {
                self.quoted_string_attr(s, name);
                if !matches!(self.m.attrs.get(child as usize), Some(Attr::UnknownLoc)) {
                    s.push('(');
                    self.location_inner(s, child, false, depth + 1);
                    s.push(')');
                }
            }
            Some(Attr::CallSiteLoc { callee, caller }) => {
                s.push_str("callsite(");
                self.location_inner(s, callee, false, depth + 1);
                s.push_str(" at ");
                self.location_inner(s, caller, false, depth + 1);
                s.push(')');
            }
            Some(Attr::FusedLoc { locs, metadata }) => {
                s.push_str("fused");
                if let Some(md) = metadata {
                    s.push('<');
                    self.attr(s, md, Elide::Never, depth + 1);
                    s.push('>');
                }
                s.push('[');
                for (i, &l) in locs.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.location_inner(s, l, false, depth + 1);
                }
                s.push(']');
            }
            _ => self.undecoded_attr(s, loc, "location"),
        }
    }

    fn quoted_string_attr(&mut self, s: &mut String, index: u32) {
        match self.m.attrs.get(index as usize) {
            Some(Attr::String { value, .. }) => {
                s.push('"');
                escape(s, value);
                s.push('"');
            }
            _ => self.undecoded_attr(s, index, "string"),
        }
    }

    fn undecoded_attr(&mut self, s: &mut String, index: u32, what: &str) {
        let bytes = match self.m.attrs.get(index as usize) {
            Some(Attr::Undecoded { bytes, .. }) => *bytes,
            _ => 0,
        };
        let detail = match self.m.attrs.get(index as usize) {
            Some(Attr::Undecoded { what, .. }) => what.clone(),
            _ => what.to_owned(),
        };
        let _ = write!(s, "<<undecoded attribute #{index}>>");
        self.notes.push(Undecoded {
            what: format!("attribute #{index}: {detail}"),
            bytes,
        });
    }

    fn named_attr(&mut self, s: &mut String, name: u32, value: u32, depth: usize) {
        match self.m.attrs.get(name as usize) {
            Some(Attr::String { value: n, .. }) => keyword_or_string(s, n),
            _ => self.undecoded_attr(s, name, "attribute name"),
        }
        if matches!(self.m.attrs.get(value as usize), Some(Attr::Unit)) {
            return;
        }
        s.push_str(" = ");
        self.attr(s, value, Elide::Never, depth + 1);
    }

    /// An attribute where it is used: its alias if it has one, else its body.
    fn attr(&mut self, s: &mut String, index: u32, elide: Elide, depth: usize) {
        if let Some(alias) = self.aliases.of_attr(index) {
            s.push_str(alias);
            return;
        }
        self.attr_body(s, index, elide, depth);
    }

    fn attr_body(&mut self, s: &mut String, index: u32, elide: Elide, depth: usize) {
        if depth > MAX_ATTR_DEPTH {
            self.undecoded_attr(s, index, "attribute nested too deep");
            return;
        }
        if !self.within_budget() {
            self.undecoded_attr(s, index, "attribute past the printing budget");
            return;
        }
        let Some(a) = self.m.attrs.get(index as usize).cloned() else {
            self.undecoded_attr(s, index, "missing attribute");
            return;
        };
        let mut typed = None;
        match a {
            Attr::Text(t) => s.push_str(&t),
            Attr::Unit => s.push_str("unit"),
            Attr::Dict(pairs) => {
                s.push('{');
                for (i, (n, v)) in pairs.into_iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.named_attr(s, n, v, depth);
                }
                s.push('}');
            }
            Attr::Array(items) => {
                s.push('[');
                for (i, x) in items.into_iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.attr(s, x, Elide::May, depth + 1);
                }
                s.push(']');
            }
            Attr::String { value, ty } => {
                s.push('"');
                escape(s, &value);
                s.push('"');
                typed = ty.filter(|&t| !matches!(self.m.types.get(t as usize), Some(Type::None)));
            }
            Attr::SymbolRef { root, nested } => {
                self.symbol(s, root);
                for n in nested {
                    s.push_str("::");
                    match self.m.attrs.get(n as usize) {
                        Some(Attr::SymbolRef { root, .. }) => {
                            let root = *root;
                            self.symbol(s, root)
                        }
                        _ => self.undecoded_attr(s, n, "nested symbol reference"),
                    }
                }
            }
            Attr::Type(t) => self.ty(s, t, depth + 1),
            Attr::Integer { ty, value } => {
                let t = self.m.types.get(ty as usize).cloned();
                match t {
                    Some(Type::Integer {
                        width: 1,
                        signedness: 0,
                    }) => {
                        s.push_str(if value != 0 { "true" } else { "false" });
                        return;
                    }
                    Some(Type::Integer {
                        width,
                        signedness: 2,
                    }) => {
                        let _ = write!(s, "{}", value);
                        let _ = width;
                    }
                    Some(t) => {
                        let width = t.bit_width().unwrap_or(64);
                        let _ = write!(s, "{}", sign_extend(value, width));
                    }
                    None => {}
                }
                if elide == Elide::May
                    && matches!(
                        self.m.types.get(ty as usize),
                        Some(Type::Integer {
                            width: 64,
                            signedness: 0
                        })
                    )
                {
                    return;
                }
                typed = Some(ty);
            }
            Attr::Float { ty, bits } => {
                match self
                    .m
                    .types
                    .get(ty as usize)
                    .and_then(|t| format_float(t, bits))
                {
                    Some(text) => s.push_str(&text),
                    None => self.undecoded_attr(s, index, "float"),
                }
                if elide == Elide::May && matches!(self.m.types.get(ty as usize), Some(Type::F64)) {
                    return;
                }
                typed = Some(ty);
            }
            Attr::DenseArray { elem, count, data } => {
                s.push_str("array<");
                self.ty(s, elem, depth + 1);
                if count > 0 {
                    s.push_str(": ");
                    if !self.dense_array(s, elem, count, &data) {
                        self.undecoded_attr(s, index, "dense array");
                    }
                }
                s.push('>');
                return;
            }
            Attr::DenseElements { ty, data } => {
                s.push_str("dense<");
                if !self.dense_elements(s, ty, &data) {
                    self.undecoded_attr(s, index, "dense elements");
                }
                s.push('>');
                typed = Some(ty);
            }
            Attr::DenseStrings { ty, splat, values } => {
                s.push_str("dense<");
                if !self.dense_strings(s, ty, splat, &values) {
                    self.undecoded_attr(s, index, "dense strings");
                }
                s.push('>');
                typed = Some(ty);
            }
            Attr::DenseResource { ty, handle } => {
                s.push_str("dense_resource<");
                match self.m.resources.get(handle as usize) {
                    Some(r) => keyword_or_string(s, r.key.as_bytes()),
                    None => self.undecoded_attr(s, index, "resource handle"),
                }
                s.push('>');
                if !self.used_resources.contains(&handle) {
                    self.used_resources.push(handle);
                }
                typed = Some(ty);
            }
            Attr::Distinct(referenced) => {
                let next = self.distinct_ids.len() as u32;
                let id = *self.distinct_ids.entry(index).or_insert(next);
                let _ = write!(s, "distinct[{id}]<");
                if !matches!(self.m.attrs.get(referenced as usize), Some(Attr::Unit)) {
                    self.attr(s, referenced, Elide::Never, depth + 1);
                }
                s.push('>');
                return;
            }
            Attr::CallSiteLoc { .. }
            | Attr::FileLoc { .. }
            | Attr::FusedLoc { .. }
            | Attr::NameLoc { .. }
            | Attr::UnknownLoc => {
                s.push_str("loc(");
                self.location_inner(s, index, true, depth + 1);
                s.push(')');
            }
            Attr::Undecoded { .. } => self.undecoded_attr(s, index, "attribute"),
        }
        if let Some(t) = typed {
            s.push_str(" : ");
            self.ty(s, t, depth + 1);
        }
    }

    fn symbol(&mut self, s: &mut String, string_attr: u32) {
        match self.m.attrs.get(string_attr as usize) {
            Some(Attr::String { value, .. }) => {
                s.push('@');
                keyword_or_string(s, value);
            }
            _ => self.undecoded_attr(s, string_attr, "symbol name"),
        }
    }

    /// The elements of an `array<...>`; false if the data does not fit the type.
    fn dense_array(&mut self, s: &mut String, elem: u32, count: u64, data: &[u8]) -> bool {
        let Some(t) = self.m.types.get(elem as usize).cloned() else {
            return false;
        };
        let Some(width) = t.bit_width() else {
            return false;
        };
        let size = if width == 1 {
            1
        } else {
            width.div_ceil(8) as usize
        };
        if count.checked_mul(size as u64) != Some(data.len() as u64) {
            return false;
        }
        for (i, chunk) in data.chunks(size).enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            if !self.element(s, &t, chunk) {
                return false;
            }
        }
        true
    }

    /// One element of dense data (little-endian bytes).
    fn element(&self, s: &mut String, t: &Type, bytes: &[u8]) -> bool {
        let mut raw = 0u128;
        for (i, &b) in bytes.iter().enumerate().take(16) {
            raw |= u128::from(b) << (8 * i);
        }
        match t {
            Type::Integer { width: 1, .. } => {
                s.push_str(if raw & 1 != 0 { "true" } else { "false" })
            }
            Type::Integer {
                width,
                signedness: 2,
            } => {
                let _ = write!(s, "{}", mask(raw, *width));
            }
            Type::Integer { width, .. } => {
                let _ = write!(s, "{}", sign_extend(mask(raw, *width), *width));
            }
            Type::Index => {
                let _ = write!(s, "{}", raw as u64 as i64);
            }
            _ => match format_float(t, raw) {
                Some(text) => s.push_str(&text),
                None => return false,
            },
        }
        true
    }

    /// The body of `dense<...>`: a splat value, nested brackets per dimension, or a hex
    /// string past 100 elements.
    fn dense_elements(&mut self, s: &mut String, ty: u32, data: &[u8]) -> bool {
        let (shape, elem) = match self.m.types.get(ty as usize) {
            Some(Type::RankedTensor { shape, elem, .. })
            | Some(Type::Vector { shape, elem, .. })
            | Some(Type::MemRef { shape, elem, .. }) => (shape.clone(), *elem),
            _ => return false,
        };
        if shape.iter().any(|&d| d < 0) {
            return false;
        }
        let Some(et) = self.m.types.get(elem as usize).cloned() else {
            return false;
        };
        let Some(width) = et.bit_width() else {
            return false;
        };
        let n: u64 = shape.iter().map(|&d| d as u64).product();
        let is_bool = width == 1;
        let size = if is_bool {
            1
        } else {
            width.div_ceil(8) as usize
        };
        if is_bool && data.len() == 1 && n != 1 {
            // A splat bool is stored as one byte (0x00 or 0xFF).
            return self.element(s, &et, data);
        }
        if data.len() == size {
            return self.element(s, &et, data);
        }
        if data.len() as u64 != n * size as u64 {
            return false;
        }
        if n > HEX_ELEMENTS_THRESHOLD {
            s.push_str("\"0x");
            for b in data {
                let _ = write!(s, "{b:02X}");
            }
            s.push('"');
            return true;
        }
        if n == 0 {
            return true;
        }
        nested(s, &shape, data.chunks(size), |s, chunk| {
            self.element(s, &et, chunk)
        })
    }

    /// The body of `dense<...>` of strings: a splat string, or nested brackets per
    /// dimension (nothing for no elements).
    fn dense_strings(&mut self, s: &mut String, ty: u32, splat: bool, values: &[Vec<u8>]) -> bool {
        let shape = match self.m.types.get(ty as usize) {
            Some(Type::RankedTensor { shape, .. })
            | Some(Type::Vector { shape, .. })
            | Some(Type::MemRef { shape, .. }) => shape.clone(),
            _ => return false,
        };
        let quoted = |s: &mut String, v: &[u8]| {
            s.push('"');
            escape(s, v);
            s.push('"');
        };
        if splat {
            return match values {
                [v] => {
                    quoted(s, v);
                    true
                }
                _ => false,
            };
        }
        if values.is_empty() {
            return true;
        }
        if shape.iter().any(|&d| d <= 0) {
            return false;
        }
        nested(s, &shape, values, |s, v| {
            quoted(s, v);
            true
        })
    }

    /// The `{-# dialect_resources: ... #-}` block after the module: the resources that
    /// were printed, grouped by dialect in first-use order, blobs as hex of their 4-byte
    /// little-endian alignment and their bytes.
    fn print_resources(&mut self) {
        if self.used_resources.is_empty() {
            return;
        }
        let mut groups: Vec<(usize, Vec<u32>)> = Vec::new();
        for &h in &self.used_resources {
            let Some(r) = self.m.resources.get(h as usize) else {
                continue;
            };
            match groups.iter_mut().find(|(d, _)| *d == r.dialect) {
                Some((_, list)) => list.push(h),
                None => groups.push((r.dialect, vec![h])),
            }
        }
        let out = &mut self.out;
        out.push_str("\n{-#\n  dialect_resources: {\n");
        for (gi, (dialect, handles)) in groups.iter().enumerate() {
            let name = self.m.dialects.get(*dialect).map_or("", String::as_str);
            let _ = writeln!(out, "    {name}: {{");
            for (i, &h) in handles.iter().enumerate() {
                let r = &self.m.resources[h as usize];
                out.push_str("      ");
                keyword_or_string(out, r.key.as_bytes());
                out.push_str(": ");
                match &r.value {
                    ResourceValue::Blob { alignment, data } => {
                        out.push_str("\"0x");
                        for b in (*alignment as u32).to_le_bytes().iter().chain(data) {
                            let _ = write!(out, "{b:02X}");
                        }
                        out.push('"');
                    }
                    ResourceValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                    ResourceValue::String(v) => {
                        out.push('"');
                        escape(out, v);
                        out.push('"');
                    }
                }
                out.push_str(if i + 1 < handles.len() { ",\n" } else { "\n" });
            }
            out.push_str(if gi + 1 < groups.len() {
                "    },\n"
            } else {
                "    }\n"
            });
        }
        out.push_str("  }\n#-}\n");
    }

    /// A type where it is used: its alias if it has one, else its body.
    fn ty(&mut self, s: &mut String, index: u32, depth: usize) {
        if let Some(alias) = self.aliases.of_type(index) {
            s.push_str(alias);
            return;
        }
        self.ty_body(s, index, depth);
    }

    fn ty_body(&mut self, s: &mut String, index: u32, depth: usize) {
        if depth > MAX_ATTR_DEPTH {
            self.undecoded_type(s, index, "type nested too deep");
            return;
        }
        if !self.within_budget() {
            self.undecoded_type(s, index, "type past the printing budget");
            return;
        }
        let Some(t) = self.m.types.get(index as usize).cloned() else {
            self.undecoded_type(s, index, "missing type");
            return;
        };
        let dims = |s: &mut String, shape: &[i64]| {
            for &d in shape {
                if d < 0 {
                    s.push('?');
                } else {
                    let _ = write!(s, "{d}");
                }
                s.push('x');
            }
        };
        match t {
            Type::Text(text) => s.push_str(&text),
            Type::Integer { width, signedness } => {
                match signedness {
                    1 => s.push('s'),
                    2 => s.push('u'),
                    _ => {}
                }
                let _ = write!(s, "i{width}");
            }
            Type::Index => s.push_str("index"),
            Type::BF16 => s.push_str("bf16"),
            Type::F16 => s.push_str("f16"),
            Type::F32 => s.push_str("f32"),
            Type::F64 => s.push_str("f64"),
            Type::F80 => s.push_str("f80"),
            Type::F128 => s.push_str("f128"),
            Type::NamedFloat(name) => s.push_str(name),
            Type::None => s.push_str("none"),
            Type::Function { inputs, results } => {
                s.push('(');
                self.type_list(s, &inputs, depth);
                s.push_str(") -> ");
                let single = results.len() == 1
                    && !matches!(
                        self.m.types.get(results[0] as usize),
                        Some(Type::Function { .. })
                    );
                if single {
                    self.ty(s, results[0], depth + 1);
                } else {
                    s.push('(');
                    self.type_list(s, &results, depth);
                    s.push(')');
                }
            }
            Type::Complex(e) => {
                s.push_str("complex<");
                self.ty(s, e, depth + 1);
                s.push('>');
            }
            Type::Tuple(items) => {
                s.push_str("tuple<");
                self.type_list(s, &items, depth);
                s.push('>');
            }
            Type::Vector {
                shape,
                elem,
                scalable,
            } => {
                s.push_str("vector<");
                for (i, &d) in shape.iter().enumerate() {
                    if scalable.get(i) == Some(&true) {
                        let _ = write!(s, "[{d}]x");
                    } else {
                        dims(s, &[d]);
                    }
                }
                self.ty(s, elem, depth + 1);
                s.push('>');
            }
            Type::RankedTensor {
                shape,
                elem,
                encoding,
            } => {
                s.push_str("tensor<");
                dims(s, &shape);
                self.ty(s, elem, depth + 1);
                if let Some(e) = encoding {
                    s.push_str(", ");
                    self.attr(s, e, Elide::Never, depth + 1);
                }
                s.push('>');
            }
            Type::UnrankedTensor(e) => {
                s.push_str("tensor<*x");
                self.ty(s, e, depth + 1);
                s.push('>');
            }
            Type::MemRef {
                shape,
                elem,
                layout,
                space,
            } => {
                s.push_str("memref<");
                dims(s, &shape);
                self.ty(s, elem, depth + 1);
                if !is_identity_layout(self.m, layout) {
                    s.push_str(", ");
                    self.attr(s, layout, Elide::May, depth + 1);
                }
                if let Some(sp) = space {
                    s.push_str(", ");
                    self.attr(s, sp, Elide::May, depth + 1);
                }
                s.push('>');
            }
            Type::UnrankedMemRef { elem, space } => {
                s.push_str("memref<*x");
                self.ty(s, elem, depth + 1);
                if let Some(sp) = space {
                    s.push_str(", ");
                    self.attr(s, sp, Elide::May, depth + 1);
                }
                s.push('>');
            }
            Type::Undecoded { .. } => self.undecoded_type(s, index, "type"),
        }
    }

    fn type_list(&mut self, s: &mut String, items: &[u32], depth: usize) {
        for (i, &t) in items.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            self.ty(s, t, depth + 1);
        }
    }

    fn undecoded_type(&mut self, s: &mut String, index: u32, what: &str) {
        let (detail, bytes) = match self.m.types.get(index as usize) {
            Some(Type::Undecoded { what, bytes }) => (what.clone(), *bytes),
            _ => (what.to_owned(), 0),
        };
        let _ = write!(s, "<<undecoded type #{index}>>");
        self.notes.push(Undecoded {
            what: format!("type #{index}: {detail}"),
            bytes,
        });
    }
}

/// Whether an attribute's type may be left out (MLIR's `AttrTypeElision`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elide {
    Never,
    May,
}

/// The type of value `v`: its block argument's or its op result's type.
pub(super) fn value_type(m: &Module, v: u32) -> Option<u32> {
    m.value_types
        .get(v as usize)
        .copied()
        .filter(|&t| t != u32::MAX)
}

/// The blocks of `region` that branch to block `target`, one entry per edge.
fn predecessors(region: &Region, target: u32) -> Vec<usize> {
    let mut preds = Vec::new();
    for (i, b) in region.blocks.iter().enumerate() {
        if let Some(term) = b.ops.last() {
            for &s in &term.successors {
                if s == target {
                    preds.push(i);
                }
            }
        }
    }
    preds
}

fn mask(v: u128, width: u32) -> u128 {
    if width >= 128 {
        v
    } else {
        v & ((1u128 << width) - 1)
    }
}

fn sign_extend(v: u128, width: u32) -> i128 {
    if width == 0 {
        return 0;
    }
    if width >= 128 {
        return v as i128;
    }
    let shift = 128 - width;
    ((v << shift) as i128) >> shift
}

/// MLIR's string escaping: `\\` for backslash, printable ASCII except `"` as is, every
/// other byte as `\XX` (uppercase hex).
pub fn escape(s: &mut String, bytes: &[u8]) {
    for &b in bytes {
        if b == b'\\' {
            s.push_str("\\\\");
        } else if (0x20..0x7F).contains(&b) && b != b'"' {
            s.push(b as char);
        } else {
            let _ = write!(s, "\\{b:02X}");
        }
    }
}

/// A bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`) as is, anything else quoted.
fn keyword_or_string(s: &mut String, name: &[u8]) {
    let bare = !name.is_empty()
        && (name[0].is_ascii_alphabetic() || name[0] == b'_')
        && name[1..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.');
    if bare {
        s.push_str(std::str::from_utf8(name).unwrap_or_default());
    } else {
        s.push('"');
        escape(s, name);
        s.push('"');
    }
}

/// Prints `items`, the elements of `shape` in row-major order (its dimensions not negative,
/// as the caller checked), with a bracket pair per dimension as MLIR nests dense elements;
/// `each` prints one element. False as soon as `each` fails.
fn nested<T>(
    s: &mut String,
    shape: &[i64],
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(&mut String, T) -> bool,
) -> bool {
    let rank = shape.len();
    let mut counter = vec![0u64; rank];
    let mut open = 0usize;
    for (idx, item) in items.into_iter().enumerate() {
        if idx != 0 {
            s.push_str(", ");
        }
        while open < rank {
            s.push('[');
            open += 1;
        }
        if !each(s, item) {
            return false;
        }
        if rank > 0 {
            counter[rank - 1] += 1;
            for i in (1..rank).rev() {
                if counter[i] >= shape[i] as u64 {
                    counter[i] = 0;
                    counter[i - 1] += 1;
                    open -= 1;
                    s.push(']');
                }
            }
        }
    }
    for _ in 0..open {
        s.push(']');
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::{Attr, PrintOptions, decode};

    /// An attribute the decoder could not read is marked on its own line before the op that
    /// uses it, with a placeholder in the op.
    #[test]
    fn undecoded_attribute_is_marked() {
        let bytes = include_bytes!("../../../tests/data/mlir/tpu_add.mlirbc");
        let mut m = decode(bytes).unwrap();
        let i = m
            .attrs
            .iter()
            .position(|a| *a == Attr::Text("#arith.fastmath<none>".into()))
            .unwrap();
        m.attrs[i] = Attr::Undecoded {
            what: "arith dialect encoding".into(),
            bytes: 7,
        };
        let text = m.print(&PrintOptions::default());
        let lines: Vec<&str> = text.lines().collect();
        let op = lines.iter().position(|l| l.contains("arith.addf")).unwrap();
        assert_eq!(
            lines[op - 1],
            format!("    // planeview: undecoded attribute #{i}: arith dialect encoding (7 bytes)")
        );
        assert!(lines[op].contains(&format!("fastmath = <<undecoded attribute #{i}>>")));
    }
}
