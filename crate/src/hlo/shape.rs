//! HLO shapes (`f32[128,512]{1,0}`, tuples, tokens) and their text form as XLA prints it.

use super::proto as pb;
use std::fmt::Write;

/// XLA's "combine dimensions" tile marker (`INT64_MIN`), printed `*`.
const TILE_COMBINE: i64 = i64::MIN;

/// A shape: an array of one element type, a tuple of shapes, or an opaque/token value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A dense array; `dims` empty for a scalar.
    Array {
        /// Element type name as printed (`f32`, `pred`, `bf16`, ...).
        element: &'static str,
        /// Dimension sizes (upper bounds for dynamic dimensions).
        dims: Vec<i64>,
        /// Which dimensions are dynamic (`<=` in text); empty when all are static.
        dynamic: Vec<bool>,
        /// Layout, when the shape has one.
        layout: Option<Layout>,
    },
    /// A tuple.
    Tuple(Vec<Shape>),
    /// `token[]`.
    Token,
    /// `opaque[]`.
    Opaque,
}

/// A layout: minor-to-major order plus the tiling and memory annotations after `:`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Layout {
    /// Dimension indices from minor to major.
    pub minor_to_major: Vec<i64>,
    /// Tiles (`T(8,128)(2,1)`), each from major to minor.
    pub tiles: Vec<Vec<i64>>,
    /// `L(n)` when not 0 or 1.
    pub tail_padding_alignment: i64,
    /// `#(type)` index primitive type, when set.
    pub index_type: Option<&'static str>,
    /// `*(type)` pointer primitive type, when set.
    pub pointer_type: Option<&'static str>,
    /// `E(n)` element size in bits, when not 0.
    pub element_size_in_bits: i64,
    /// `S(n)` memory space, when not 0.
    pub memory_space: i64,
    /// `M(n)` dynamic shape metadata prefix bytes, when not 0.
    pub dynamic_prefix_bytes: i64,
}

/// XLA's primitive type names, indexed by `xla.PrimitiveType` number.
pub fn element_type_name(code: i32) -> Option<&'static str> {
    Some(match code {
        1 => "pred",
        2 => "s8",
        3 => "s16",
        4 => "s32",
        5 => "s64",
        6 => "u8",
        7 => "u16",
        8 => "u32",
        9 => "u64",
        10 => "f16",
        11 => "f32",
        12 => "f64",
        15 => "c64",
        16 => "bf16",
        18 => "c128",
        19 => "f8e5m2",
        20 => "f8e4m3fn",
        21 => "s4",
        22 => "u4",
        23 => "f8e4m3b11fnuz",
        24 => "f8e5m2fnuz",
        25 => "f8e4m3fnuz",
        26 => "s2",
        27 => "u2",
        28 => "f8e4m3",
        29 => "f8e3m4",
        30 => "s1",
        31 => "u1",
        32 => "f4e2m1fn",
        33 => "f8e8m0fnu",
        _ => return None,
    })
}

impl Shape {
    /// Converts a decoded `ShapeProto`. An unknown element type prints as `invalid`.
    pub fn from_proto(p: &pb::ShapeProto) -> Shape {
        match p.element_type {
            13 => Shape::Tuple(p.tuple_shapes.iter().map(Shape::from_proto).collect()),
            14 => Shape::Opaque,
            17 => Shape::Token,
            code => Shape::Array {
                element: element_type_name(code).unwrap_or("invalid"),
                dims: p.dimensions.clone(),
                dynamic: if p.is_dynamic_dimension.iter().any(|&d| d) {
                    p.is_dynamic_dimension.clone()
                } else {
                    Vec::new()
                },
                layout: p.layout.as_ref().map(Layout::from_proto),
            },
        }
    }

    /// Tuple elements (empty for non-tuples).
    pub fn tuple_elements(&self) -> &[Shape] {
        match self {
            Shape::Tuple(v) => v,
            _ => &[],
        }
    }

    /// Number of array elements (1 for a scalar; 0 for tuples, tokens and opaque values).
    pub fn element_count(&self) -> u64 {
        match self {
            Shape::Array { dims, .. } => dims.iter().map(|&d| d.max(0) as u64).product(),
            _ => 0,
        }
    }

    /// Bits per element of an array's element type (0 for non-arrays).
    pub fn element_bits(&self) -> u64 {
        match self {
            Shape::Array { element, .. } => element_bits(element),
            _ => 0,
        }
    }

    /// Bytes of the array data, summed over tuple elements (no padding for tiles).
    pub fn byte_size(&self) -> u64 {
        match self {
            Shape::Array { .. } => (self.element_count() * self.element_bits()).div_ceil(8),
            Shape::Tuple(v) => v.iter().map(Shape::byte_size).sum(),
            _ => 0,
        }
    }

    /// Prints the shape with its layout (`f32[2,3]{1,0}`), as XLA's
    /// `ShapeUtil::HumanStringWithLayout`; tuples put `/*index=N*/` before every fifth
    /// element.
    pub fn write_with_layout(&self, out: &mut String) {
        self.write(out, true);
    }

    /// Prints the shape without layout (`f32[2,3]`), as XLA's `ShapeUtil::HumanString`.
    pub fn write_without_layout(&self, out: &mut String) {
        self.write(out, false);
    }

    /// The shape with its layout as a `String`.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.write_with_layout(&mut s);
        s
    }

    fn write(&self, out: &mut String, with_layout: bool) {
        match self {
            Shape::Tuple(elems) => {
                out.push('(');
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                        if i % 5 == 0 {
                            let _ = write!(out, "/*index={i}*/");
                        }
                    }
                    e.write(out, with_layout);
                }
                out.push(')');
            }
            Shape::Token => out.push_str("token[]"),
            Shape::Opaque => out.push_str("opaque[]"),
            Shape::Array {
                element,
                dims,
                dynamic,
                layout,
            } => {
                out.push_str(element);
                out.push('[');
                for (i, d) in dims.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if dynamic.get(i).copied().unwrap_or(false) {
                        out.push_str("<=");
                    }
                    let _ = write!(out, "{d}");
                }
                out.push(']');
                if let (true, Some(l)) = (with_layout, layout) {
                    let before = out.len();
                    l.write(out);
                    // A scalar's empty layout `{}` is not printed.
                    if dims.is_empty() && &out[before..] == "{}" {
                        out.truncate(before);
                    }
                }
            }
        }
    }
}

/// Bits per element of a type name (`pred` counts 8, as XLA stores it).
pub fn element_bits(element: &str) -> u64 {
    match element {
        "pred" | "s8" | "u8" => 8,
        "s16" | "u16" | "f16" | "bf16" => 16,
        "s32" | "u32" | "f32" => 32,
        "s64" | "u64" | "f64" | "c64" => 64,
        "c128" => 128,
        "s4" | "u4" | "f4e2m1fn" => 4,
        "s2" | "u2" => 2,
        "s1" | "u1" => 1,
        e if e.starts_with("f8") => 8,
        _ => 0,
    }
}

impl Layout {
    /// Converts a decoded `LayoutProto`.
    pub fn from_proto(p: &pb::LayoutProto) -> Layout {
        Layout {
            minor_to_major: p.minor_to_major.clone(),
            tiles: p.tiles.iter().map(|t| t.dimensions.clone()).collect(),
            tail_padding_alignment: p.tail_padding_alignment_in_elements,
            index_type: element_type_name(p.index_primitive_type),
            pointer_type: element_type_name(p.pointer_primitive_type),
            element_size_in_bits: p.element_size_in_bits,
            memory_space: p.memory_space,
            dynamic_prefix_bytes: p.dynamic_shape_metadata_prefix_bytes,
        }
    }

    /// Prints `{1,0:T(8,128)S(5)}`.
    pub fn write(&self, out: &mut String) {
        out.push('{');
        for (i, d) in self.minor_to_major.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{d}");
        }
        let mut extra = String::new();
        if !self.tiles.is_empty() {
            extra.push('T');
            for t in &self.tiles {
                extra.push('(');
                for (i, d) in t.iter().enumerate() {
                    if i > 0 {
                        extra.push(',');
                    }
                    if *d == TILE_COMBINE {
                        extra.push('*');
                    } else {
                        let _ = write!(extra, "{d}");
                    }
                }
                extra.push(')');
            }
        }
        if self.tail_padding_alignment > 1 {
            let _ = write!(extra, "L({})", self.tail_padding_alignment);
        }
        if let Some(t) = self.index_type {
            let _ = write!(extra, "#({t})");
        }
        if let Some(t) = self.pointer_type {
            let _ = write!(extra, "*({t})");
        }
        if self.element_size_in_bits != 0 {
            let _ = write!(extra, "E({})", self.element_size_in_bits);
        }
        if self.memory_space != 0 {
            let _ = write!(extra, "S({})", self.memory_space);
        }
        if self.dynamic_prefix_bytes != 0 {
            let _ = write!(extra, "M({})", self.dynamic_prefix_bytes);
        }
        if !extra.is_empty() {
            out.push(':');
            out.push_str(&extra);
        }
        out.push('}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(dims: &[i64], layout: Option<Layout>) -> Shape {
        Shape::Array {
            element: "f32",
            dims: dims.to_vec(),
            dynamic: Vec::new(),
            layout,
        }
    }

    #[test]
    fn prints_layouts_tiles_and_memory_space() {
        let tiled = Layout {
            minor_to_major: vec![1, 0],
            tiles: vec![vec![8, 128]],
            memory_space: 5,
            ..Layout::default()
        };
        assert_eq!(
            array(&[4, 256], Some(tiled)).to_text(),
            "f32[4,256]{1,0:T(8,128)S(5)}"
        );
        assert_eq!(array(&[], Some(Layout::default())).to_text(), "f32[]");
        let scalar_tiled = Layout {
            tiles: vec![vec![128]],
            ..Layout::default()
        };
        assert_eq!(array(&[], Some(scalar_tiled)).to_text(), "f32[]{:T(128)}");
    }

    #[test]
    fn tuples_mark_every_fifth_element() {
        let t = Shape::Tuple((0..6).map(|_| array(&[1], None)).collect());
        assert_eq!(
            t.to_text(),
            "(f32[1], f32[1], f32[1], f32[1], f32[1], /*index=5*/f32[1])"
        );
    }
}
