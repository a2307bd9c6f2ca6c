//! Attribute and type aliases as MLIR's printer makes them (`AsmPrinter`'s alias
//! initializer), for the generic op form with and without locations.
//!
//! A walk in print order visits every attribute and type the printer would print: per op
//! its location (with locations on; op locations may be defined after the module), then
//! its regions (block argument types and locations, nested ops), operand types, result
//! types and attribute values (properties and discardable attributes together, sorted by
//! name). Each attribute or type is visited once, its nested ones as it prints them. The
//! builtin dialect names aliases: `map` (affine maps), `set` (integer sets), `loc`
//! (locations), `distinct` (distinct attributes not of `unit`), `tuple` (tuples of more
//! than 16 types). An alias's depth is 1 plus the deepest alias inside it (1 without
//! any). Aliases are printed sorted by depth, types before attributes, then by name,
//! first visit first among equals; each name is numbered from 0 (`#map`, `#map1`, ...).
//! An alias visited from anywhere but an op location cannot be deferred, nor can
//! anything inside it.

use super::Module;
use super::attr::{Attr, Type};
use super::ir::Op;
use super::print::value_type;
use super::props::{PropValue, decode_properties};

/// Deepest attribute/type nesting walked (deeper only in broken input, with cycles).
const MAX_DEPTH: usize = 64;

/// Tuples with more elements than this get the `!tuple` alias.
const TUPLE_ALIAS_MIN: usize = 17;

/// Which table an alias key refers to.
pub type Key = (bool, u32);

/// The aliases of a module, in print order.
#[derive(Debug, Default)]
pub struct Aliases {
    /// Per attribute index: the alias (`#map1`), if any.
    pub attr: Vec<Option<String>>,
    /// Per type index: the alias (`!tuple`), if any.
    pub ty: Vec<Option<String>>,
    /// (is type, index, may be deferred) in print order.
    pub order: Vec<(bool, u32, bool)>,
}

impl Aliases {
    /// The alias of an attribute, if it has one.
    pub fn of_attr(&self, index: u32) -> Option<&str> {
        self.attr.get(index as usize)?.as_deref()
    }

    /// The alias of a type, if it has one.
    pub fn of_type(&self, index: u32) -> Option<&str> {
        self.ty.get(index as usize)?.as_deref()
    }

    /// Collects the aliases of `top` as MLIR prints it (`locs`: with locations).
    pub fn collect(m: &Module, top: &Op, locs: bool) -> Aliases {
        let mut c = Collector {
            m,
            locs,
            unknown: m
                .attrs
                .iter()
                .position(|a| *a == Attr::UnknownLoc)
                .map(|i| i as u32),
            visits: Vec::new(),
            index: hashbrown::HashMap::new(),
        };
        c.op(top, 0);
        let mut order: Vec<usize> = (0..c.visits.len())
            .filter(|&i| c.visits[i].alias.is_some())
            .collect();
        // Stable: first visit first among equals.
        order.sort_by(|&a, &b| {
            let (va, vb) = (&c.visits[a], &c.visits[b]);
            va.depth
                .cmp(&vb.depth)
                .then(vb.key.0.cmp(&va.key.0))
                .then(va.alias.cmp(&vb.alias))
        });
        let mut counts: hashbrown::HashMap<&str, u32> = hashbrown::HashMap::new();
        let mut aliases = Aliases {
            attr: vec![None; m.attrs.len()],
            ty: vec![None; m.types.len()],
            order: Vec::new(),
        };
        for i in order {
            let v = &c.visits[i];
            let Some(alias) = v.alias else { continue };
            let n = counts.entry(alias).or_insert(0);
            let sigil = if v.key.0 { '!' } else { '#' };
            let name = if *n == 0 {
                format!("{sigil}{alias}")
            } else {
                format!("{sigil}{alias}{n}")
            };
            *n += 1;
            let (is_type, index) = v.key;
            let slot = if is_type {
                &mut aliases.ty
            } else {
                &mut aliases.attr
            };
            slot[index as usize] = Some(name);
            aliases.order.push((is_type, index, v.deferrable));
        }
        aliases
    }
}

#[derive(Clone, Debug)]
struct Visit {
    key: Key,
    alias: Option<&'static str>,
    depth: u32,
    deferrable: bool,
    children: Vec<usize>,
}

struct Collector<'m> {
    m: &'m Module,
    locs: bool,
    /// The `UnknownLoc` attribute, the location of block arguments stored without one.
    unknown: Option<u32>,
    visits: Vec<Visit>,
    index: hashbrown::HashMap<Key, usize>,
}

impl Collector<'_> {
    fn op(&mut self, op: &Op, depth: usize) {
        if depth > crate::limits::MAX_MLIR_NESTING {
            return;
        }
        if self.locs {
            self.visit((false, op.loc), true, 0);
        }
        for region in &op.regions {
            for block in &region.blocks {
                for arg in &block.args {
                    self.visit((true, arg.ty), false, 0);
                    if self.locs {
                        if let Some(loc) = arg.loc.or(self.unknown) {
                            self.visit((false, loc), false, 0);
                        }
                    }
                }
                for inner in &block.ops {
                    self.op(inner, depth + 1);
                }
            }
        }
        for &v in &op.operands {
            if let Some(ty) = value_type(self.m, v) {
                self.visit((true, ty), false, 0);
            }
        }
        for &ty in &op.result_types {
            self.visit((true, ty), false, 0);
        }
        for value in attribute_values(self.m, op) {
            self.visit((false, value), false, 0);
        }
    }

    /// Visits an attribute or type; returns its alias depth and visit index.
    fn visit(&mut self, key: Key, deferrable: bool, depth: usize) -> (u32, usize) {
        if let Some(&i) = self.index.get(&key) {
            if !deferrable {
                self.mark_non_deferrable(i);
            }
            return (self.visits[i].depth, i);
        }
        let alias = alias_name(self.m, key);
        let i = self.visits.len();
        self.index.insert(key, i);
        self.visits.push(Visit {
            key,
            alias,
            depth: u32::from(alias.is_some()),
            deferrable,
            children: Vec::new(),
        });
        if depth >= MAX_DEPTH {
            return (self.visits[i].depth, i);
        }
        let mut children = Vec::new();
        let mut max_depth = 0;
        for k in nested(self.m, key) {
            let (d, ci) = self.visit(k, deferrable, depth + 1);
            children.push(ci);
            max_depth = max_depth.max(d);
        }
        let v = &mut self.visits[i];
        v.children = children;
        if max_depth > 0 {
            v.depth = max_depth + 1;
        }
        (v.depth, i)
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        let mut stack = vec![i];
        while let Some(i) = stack.pop() {
            if !self.visits[i].deferrable {
                continue;
            }
            self.visits[i].deferrable = false;
            stack.extend(self.visits[i].children.iter().copied());
        }
    }
}

/// The values of an op's attributes as MLIR's `getAttrs` lists them: inherent ones (the
/// decoded properties of a registered op; for a file without properties, those in the
/// dictionary) and discardable ones, sorted by name.
fn attribute_values(m: &Module, op: &Op) -> Vec<u32> {
    let mut named: Vec<(&[u8], u32)> = Vec::new();
    let name_of = |a: u32| match m.attrs.get(a as usize) {
        Some(Attr::String { value, .. }) => value.as_slice(),
        _ => &[],
    };
    if let Some(Attr::Dict(pairs)) = op.attrs.and_then(|a| m.attrs.get(a as usize)) {
        named.extend(pairs.iter().map(|&(n, v)| (name_of(n), v)));
    }
    let registered = m
        .op_names
        .get(op.name as usize)
        .and_then(|n| n.registered)
        .unwrap_or(false);
    if let (Some(p), true) = (op.props, registered) {
        let raw = m.properties.get(p as usize).map_or(&[][..], Vec::as_slice);
        let name = &m.op_names[op.name as usize].full;
        if let Ok(props) = decode_properties(name, raw, m) {
            for (n, v) in props {
                if let PropValue::Attr(a) = v {
                    named.push((n.as_bytes(), a));
                }
            }
        }
    }
    named.sort_by(|a, b| a.0.cmp(b.0));
    named.into_iter().map(|(_, v)| v).collect()
}

/// The alias the builtin dialect gives an attribute or type.
fn alias_name(m: &Module, (is_type, index): Key) -> Option<&'static str> {
    if is_type {
        return match m.types.get(index as usize)? {
            Type::Tuple(items) if items.len() >= TUPLE_ALIAS_MIN => Some("tuple"),
            _ => None,
        };
    }
    match m.attrs.get(index as usize)? {
        Attr::CallSiteLoc { .. }
        | Attr::FileLoc { .. }
        | Attr::FusedLoc { .. }
        | Attr::NameLoc { .. }
        | Attr::UnknownLoc => Some("loc"),
        Attr::Text(t) if t.starts_with("affine_map<") => Some("map"),
        Attr::Text(t) if t.starts_with("affine_set<") => Some("set"),
        Attr::Distinct(r) if !matches!(m.attrs.get(*r as usize), Some(Attr::Unit)) => {
            Some("distinct")
        }
        _ => None,
    }
}

/// What printing an attribute or type visits inside it, in order.
fn nested(m: &Module, (is_type, index): Key) -> Vec<Key> {
    let attr = |i: u32| (false, i);
    let ty = |i: u32| (true, i);
    if is_type {
        let Some(t) = m.types.get(index as usize) else {
            return Vec::new();
        };
        return match t {
            Type::Function { inputs, results } => {
                inputs.iter().chain(results).map(|&x| ty(x)).collect()
            }
            Type::Complex(e) | Type::UnrankedTensor(e) | Type::Vector { elem: e, .. } => {
                vec![ty(*e)]
            }
            Type::MemRef {
                elem,
                layout,
                space,
                ..
            } => {
                let mut v = vec![ty(*elem)];
                if !is_identity_layout(m, *layout) {
                    v.push(attr(*layout));
                }
                v.extend(space.map(attr));
                v
            }
            Type::UnrankedMemRef { elem, space } => {
                let mut v = vec![ty(*elem)];
                v.extend(space.map(attr));
                v
            }
            Type::RankedTensor { elem, encoding, .. } => {
                let mut v = vec![ty(*elem)];
                v.extend(encoding.map(attr));
                v
            }
            Type::Tuple(items) => items.iter().map(|&x| ty(x)).collect(),
            _ => Vec::new(),
        };
    }
    let Some(a) = m.attrs.get(index as usize) else {
        return Vec::new();
    };
    let mut v = Vec::new();
    let typed = match a {
        Attr::Array(items) => {
            v.extend(items.iter().map(|&x| attr(x)));
            None
        }
        Attr::Dict(pairs) => {
            for &(n, x) in pairs {
                v.push(attr(n));
                v.push(attr(x));
            }
            None
        }
        Attr::Type(t) => {
            v.push(ty(*t));
            None
        }
        Attr::Distinct(r) => {
            v.push(attr(*r));
            None
        }
        Attr::NameLoc { child, .. } => {
            if !matches!(m.attrs.get(*child as usize), Some(Attr::UnknownLoc)) {
                v.push(attr(*child));
            }
            None
        }
        Attr::CallSiteLoc { callee, caller } => {
            v.push(attr(*callee));
            v.push(attr(*caller));
            None
        }
        Attr::FusedLoc { locs, metadata } => {
            v.extend(metadata.map(attr));
            v.extend(locs.iter().map(|&l| attr(l)));
            None
        }
        Attr::String { ty, .. } => *ty,
        Attr::DenseElements { ty, .. }
        | Attr::DenseStrings { ty, .. }
        | Attr::DenseResource { ty, .. } => Some(*ty),
        _ => None,
    };
    if let Some(t) = typed {
        if !matches!(m.types.get(t as usize), Some(Type::None)) {
            v.push(ty(t));
        }
    }
    v
}

/// Whether a memref layout attribute is the identity map (which MLIR does not print).
pub fn is_identity_layout(m: &Module, layout: u32) -> bool {
    let Some(Attr::Text(t)) = m.attrs.get(layout as usize) else {
        return false;
    };
    let Some(body) = t
        .strip_prefix("affine_map<(")
        .and_then(|b| b.strip_suffix(")>"))
    else {
        return false;
    };
    let Some((dims, results)) = body.split_once(") -> (") else {
        return false;
    };
    dims == results
        && (dims.is_empty()
            || dims
                .split(", ")
                .enumerate()
                .all(|(i, d)| d == format!("d{i}")))
}
