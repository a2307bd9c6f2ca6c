//! The IR section: operations, regions, blocks, block arguments and value numbering.
//!
//! Values get global ids in definition order. Within an isolated-from-above scope a region
//! reserves `numValues` slots after those already reserved; block arguments and then op
//! results fill them in order, and operands name slots. A slot used before it is defined
//! (a forward reference) gets its global id at the use and keeps it at the definition.

use super::MlirError;
use super::bytecode::{Tables, read_section};
use super::reader::Reader;
use crate::limits::MAX_MLIR_NESTING;

/// Operation encoding mask bits.
const HAS_ATTRS: u8 = 0x01;
const HAS_RESULTS: u8 = 0x02;
const HAS_OPERANDS: u8 = 0x04;
const HAS_SUCCESSORS: u8 = 0x08;
const HAS_REGIONS: u8 = 0x10;
const HAS_USE_LIST_ORDERS: u8 = 0x20;
const HAS_PROPERTIES: u8 = 0x40;
/// Section id of a nested IR section (lazy-loadable isolated regions, v >= 2).
const IR_SECTION: u8 = 4;

/// One operation.
#[derive(Clone, Debug, Default)]
pub struct Op {
    /// Index into the op-name table.
    pub name: u32,
    /// Location attribute index.
    pub loc: u32,
    /// Attribute-dictionary index.
    pub attrs: Option<u32>,
    /// Properties-section entry index.
    pub props: Option<u32>,
    /// Result type indices.
    pub result_types: Vec<u32>,
    /// Global value ids of the results.
    pub results: Vec<u32>,
    /// Global value ids of the operands.
    pub operands: Vec<u32>,
    /// Successor block indices within the enclosing region.
    pub successors: Vec<u32>,
    pub regions: Vec<Region>,
}

/// A region: its blocks.
#[derive(Clone, Debug, Default)]
pub struct Region {
    pub blocks: Vec<Block>,
}

/// A block: arguments (type index, location attribute index or `None` for unknown,
/// global value id) and operations.
#[derive(Clone, Debug, Default)]
pub struct Block {
    pub args: Vec<BlockArg>,
    pub ops: Vec<Op>,
}

/// One block argument.
#[derive(Clone, Copy, Debug)]
pub struct BlockArg {
    pub ty: u32,
    pub loc: Option<u32>,
    pub value: u32,
}

/// What defines a value (by global id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Referenced but never defined (broken input).
    Missing,
    /// Block argument.
    Arg,
    /// Result `index` of an op with `count` results whose first result has id `first`.
    Result { first: u32, index: u32, count: u32 },
}

/// The walked IR: the top-level block and the definition of every value.
#[derive(Debug, Default)]
pub struct Ir {
    pub top: Block,
    pub values: Vec<ValueDef>,
    /// Type index of each value (`u32::MAX` for a value never defined).
    pub value_types: Vec<u32>,
    /// Number of operations.
    pub op_count: u64,
}

struct Walker {
    version: u64,
    num_attrs: usize,
    num_types: usize,
    num_op_names: usize,
    num_props: usize,
    values: Vec<ValueDef>,
    value_types: Vec<u32>,
    /// One slot list per isolated scope; each slot holds a global id once used or defined.
    scopes: Vec<Scope>,
    op_count: u64,
}

#[derive(Default)]
struct Scope {
    slots: Vec<Option<u32>>,
    /// Next slot to define, one per open region.
    next: Vec<usize>,
}

/// Walks the IR section.
pub fn read_ir(t: &Tables) -> Result<Ir, MlirError> {
    let Some((data, base)) = t.ir else {
        return Err(MlirError::Malformed {
            what: "file without an IR section",
            offset: 0,
        });
    };
    let mut w = Walker {
        version: t.version,
        num_attrs: t.attr_entries.len(),
        num_types: t.type_entries.len(),
        num_op_names: t.op_names.len(),
        num_props: t.properties.len(),
        values: Vec::new(),
        value_types: Vec::new(),
        scopes: vec![Scope::default()],
        op_count: 0,
    };
    let mut r = Reader::new(data, base);
    w.scopes[0].next.push(0);
    let top = w.block(&mut r, 0).ok_or(MlirError::Malformed {
        what: "IR section",
        offset: r.offset(),
    })?;
    Ok(Ir {
        top,
        values: w.values,
        value_types: w.value_types,
        op_count: w.op_count,
    })
}

impl Walker {
    fn index(&self, r: &mut Reader, len: usize) -> Option<u32> {
        let v = r.varint()?;
        u32::try_from(v).ok().filter(|&i| (i as usize) < len)
    }

    fn scope(&mut self) -> &mut Scope {
        self.scopes.last_mut().expect("a scope is always open")
    }

    /// Defines the next slot of the innermost region and returns its global id.
    fn define(&mut self, def: ValueDef, ty: u32) -> Option<u32> {
        let fresh = self.values.len() as u32;
        let scope = self.scopes.last_mut()?;
        let slot = *scope.next.last()?;
        if slot >= scope.slots.len() {
            // The top-level block reserves nothing; grow it.
            if scope.next.len() != 1 {
                return None;
            }
            scope.slots.resize(slot + 1, None);
        }
        *scope.next.last_mut()? += 1;
        match scope.slots[slot] {
            Some(id) if self.values[id as usize] == ValueDef::Missing => {
                self.values[id as usize] = def;
                self.value_types[id as usize] = ty;
                Some(id)
            }
            _ => {
                scope.slots[slot] = Some(fresh);
                self.values.push(def);
                self.value_types.push(ty);
                Some(fresh)
            }
        }
    }

    /// The global id of an operand slot (a forward reference reserves one).
    fn use_slot(&mut self, slot: u64) -> Option<u32> {
        let fresh = self.values.len() as u32;
        let scope = self.scopes.last_mut()?;
        let slot = usize::try_from(slot).ok()?;
        if slot >= scope.slots.len() {
            if scope.next.len() != 1 || slot > scope.slots.len() + (1 << 20) {
                return None;
            }
            scope.slots.resize(slot + 1, None);
        }
        if let Some(id) = scope.slots[slot] {
            return Some(id);
        }
        scope.slots[slot] = Some(fresh);
        self.values.push(ValueDef::Missing);
        self.value_types.push(u32::MAX);
        Some(fresh)
    }

    fn block(&mut self, r: &mut Reader, depth: usize) -> Option<Block> {
        let (num_ops, has_args) = r.varint_with_flag()?;
        let num_ops = usize::try_from(num_ops)
            .ok()
            .filter(|&n| n <= r.remaining())?;
        let mut block = Block::default();
        if has_args {
            let n = r.count(r.remaining())?;
            for _ in 0..n {
                let (ty, loc) = if self.version >= 4 {
                    let (ty, has_loc) = r.varint_with_flag()?;
                    let ty = u32::try_from(ty)
                        .ok()
                        .filter(|&t| (t as usize) < self.num_types)?;
                    let loc = if has_loc {
                        Some(self.index(r, self.num_attrs)?)
                    } else {
                        None
                    };
                    (ty, loc)
                } else {
                    let ty = self.index(r, self.num_types)?;
                    (ty, Some(self.index(r, self.num_attrs)?))
                };
                let value = self.define(ValueDef::Arg, ty)?;
                block.args.push(BlockArg { ty, loc, value });
            }
            if self.version >= 3 && r.byte()? != 0 {
                skip_use_list_orders(r, n)?;
            }
        }
        for _ in 0..num_ops {
            block.ops.push(self.op(r, depth)?);
        }
        Some(block)
    }

    fn op(&mut self, r: &mut Reader, depth: usize) -> Option<Op> {
        self.op_count += 1;
        let mut op = Op {
            name: self.index(r, self.num_op_names)?,
            ..Op::default()
        };
        let mask = r.byte()?;
        op.loc = self.index(r, self.num_attrs)?;
        if mask & HAS_ATTRS != 0 {
            op.attrs = Some(self.index(r, self.num_attrs)?);
        }
        if mask & HAS_PROPERTIES != 0 {
            op.props = Some(self.index(r, self.num_props)?);
        }
        if mask & HAS_RESULTS != 0 {
            let n = r.count(r.remaining())?;
            for _ in 0..n {
                op.result_types.push(self.index(r, self.num_types)?);
            }
        }
        if mask & HAS_OPERANDS != 0 {
            let n = r.count(r.remaining())?;
            for _ in 0..n {
                let slot = r.varint()?;
                op.operands.push(self.use_slot(slot)?);
            }
        }
        if mask & HAS_SUCCESSORS != 0 {
            let n = r.count(r.remaining())?;
            for _ in 0..n {
                op.successors.push(u32::try_from(r.varint()?).ok()?);
            }
        }
        if mask & HAS_USE_LIST_ORDERS != 0 {
            skip_use_list_orders(r, op.result_types.len())?;
        }
        let count = op.result_types.len() as u32;
        for i in 0..op.result_types.len() {
            let ty = op.result_types[i];
            op.results.push(self.define(ValueDef::Arg, ty)?);
        }
        for (index, &id) in op.results.iter().enumerate() {
            self.values[id as usize] = ValueDef::Result {
                first: op.results[0],
                index: index as u32,
                count,
            };
        }
        if mask & HAS_REGIONS != 0 {
            let (n, isolated) = r.varint_with_flag()?;
            let n = usize::try_from(n).ok().filter(|&n| n <= r.remaining())?;
            if depth >= MAX_MLIR_NESTING {
                return None;
            }
            if isolated {
                self.scopes.push(Scope::default());
            }
            let result = if isolated && self.version >= 2 {
                let (id, (data, base)) = read_section(r)?;
                if id != IR_SECTION {
                    None
                } else {
                    let mut sub = Reader::new(data, base);
                    self.regions(&mut sub, n, depth)
                }
            } else {
                self.regions(r, n, depth)
            };
            if isolated {
                self.scopes.pop();
            }
            op.regions = result?;
        }
        Some(op)
    }

    fn regions(&mut self, r: &mut Reader, n: usize, depth: usize) -> Option<Vec<Region>> {
        let mut regions = Vec::with_capacity(n.min(16));
        for _ in 0..n {
            regions.push(self.region(r, depth + 1)?);
        }
        Some(regions)
    }

    fn region(&mut self, r: &mut Reader, depth: usize) -> Option<Region> {
        let num_blocks = r.count(r.remaining())?;
        if num_blocks == 0 {
            return Some(Region::default());
        }
        let num_values = r.count(r.remaining().saturating_mul(8))?;
        let scope = self.scope();
        let start = scope.slots.len();
        scope.slots.resize(start + num_values, None);
        scope.next.push(start);
        let mut blocks = Vec::with_capacity(num_blocks);
        let mut ok = true;
        for _ in 0..num_blocks {
            match self.block(r, depth) {
                Some(b) => blocks.push(b),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        let scope = self.scope();
        scope.next.pop();
        scope.slots.truncate(start);
        ok.then_some(Region { blocks })
    }
}

/// Skips a use-list order record for a range of `num_values` values (v >= 3): it only
/// changes the order of uses, which printing does not show.
fn skip_use_list_orders(r: &mut Reader, num_values: usize) -> Option<()> {
    let count = if num_values > 1 { r.varint()? } else { 1 };
    for _ in 0..count {
        if num_values > 1 {
            r.varint()?;
        }
        let (fields, _) = r.varint_with_flag()?;
        for _ in 0..fields {
            r.varint()?;
        }
    }
    Some(())
}
