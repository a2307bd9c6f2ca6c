//! Property layouts of registered ops, in `writeProperties` order: ODS writes an op's
//! attributes sorted by name, then (v >= 6) its segment sizes. Taken from the public op
//! definitions of the `builtin`, `tt` (Triton), `arith` and `math` dialects and checked
//! against the Triton kernels of the corpus. Ops without inherent attributes need no
//! entry (they have no properties).

use super::props::Slot::{self, OperandSegments, Opt, Req, Unnamed};

/// The layout of op `name`, if known.
pub fn layout(name: &str) -> Option<&'static [Slot]> {
    Some(match name {
        "builtin.module" => &[Opt("sym_name"), Opt("sym_visibility")],
        // Triton.
        "tt.func" => &[
            Opt("arg_attrs"),
            Req("function_type"),
            Opt("res_attrs"),
            Req("sym_name"),
            Opt("sym_visibility"),
        ],
        "tt.call" => &[Opt("arg_attrs"), Req("callee"), Opt("res_attrs")],
        "tt.get_program_id" | "tt.get_num_programs" | "tt.expand_dims" | "tt.reduce" => {
            &[Req("axis")]
        }
        "tt.make_range" => &[Req("end"), Req("start")],
        "tt.reshape" => &[Opt("allow_reorder"), Opt("efficient_layout")],
        "tt.trans" => &[Req("order")],
        "tt.dot" => &[Opt("inputPrecision"), Opt("maxNumImpreciseAcc")],
        "tt.load" => &[
            Opt("cache"),
            Opt("evict"),
            Opt("isVolatile"),
            OperandSegments(3),
        ],
        "tt.store" => &[Opt("cache"), Opt("evict"), Unnamed],
        "tt.scan" => &[Req("axis"), Req("reverse")],
        "tt.fp_to_fp" => &[Opt("rounding")],
        "tt.clampf" => &[Req("propagateNan")],
        "tt.atomic_rmw" => &[Req("atomic_rmw_op"), Req("scope"), Req("sem")],
        "tt.atomic_cas" => &[Req("scope"), Req("sem")],
        "tt.extern_elementwise" => &[Req("libname"), Req("libpath"), Req("pure"), Req("symbol")],
        "tt.elementwise_inline_asm" => &[
            Req("asm_string"),
            Req("constraints"),
            Req("packed_element"),
            Req("pure"),
        ],
        // arith.
        "arith.constant" => &[Req("value")],
        "arith.addi" | "arith.subi" | "arith.muli" | "arith.shli" => &[Opt("overflowFlags")],
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" => {
            &[Opt("fastmath"), Opt("roundingmode")]
        }
        "arith.negf" | "arith.remf" | "arith.maximumf" | "arith.minimumf" | "arith.maxnumf"
        | "arith.minnumf" | "arith.extf" => &[Opt("fastmath")],
        "arith.cmpi" => &[Req("predicate")],
        "arith.cmpf" => &[Opt("fastmath"), Req("predicate")],
        // math: every op takes only `fastmath`.
        n if n.starts_with("math.") && n != "math.fpowi" => &[Opt("fastmath")],
        _ => return None,
    })
}
