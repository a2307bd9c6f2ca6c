//! Framework op names as XProf parses them (`ParseTfOpFullname`): `name:Type` for
//! TensorFlow, `Iterator::...` for tf.data, `scope/name:type[params]` for JAX, and the
//! GPU copies `MemcpyHToD` / `MemcpyDToH` / `MemcpyDToD` / `MemcpyHToH`.

/// What kind of op a full name denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TfOpCategory {
    /// Not a framework op (user annotations and the like).
    Unknown,
    /// A TensorFlow op.
    TensorFlow,
    /// A tf.data iterator.
    TfData,
    /// A JAX primitive.
    Jax,
    /// A host-device or device-device copy.
    Memcpy,
}

/// A parsed framework op name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TfOp<'a> {
    /// Category.
    pub category: TfOpCategory,
    /// Op name (the whole text for `Unknown`, tf.data and copies).
    pub name: &'a str,
    /// Op type (empty when unknown).
    pub op_type: &'a str,
}

/// Parses a framework op's full name the way XProf does.
pub fn parse_tf_op(full: &str) -> TfOp<'_> {
    let unknown = TfOp {
        category: TfOpCategory::Unknown,
        name: full,
        op_type: "",
    };
    let Some((name, op_type)) = full.split_once(':') else {
        for copy in ["MemcpyHToD", "MemcpyDToH", "MemcpyDToD", "MemcpyHToH"] {
            if full.len() >= copy.len() && full[..copy.len()].eq_ignore_ascii_case(copy) {
                return TfOp {
                    category: TfOpCategory::Memcpy,
                    name: full,
                    op_type: copy,
                };
            }
        }
        return unknown;
    };
    if name == "Iterator" {
        return TfOp {
            category: TfOpCategory::TfData,
            name: full,
            op_type: "Dataset",
        };
    }
    if is_tf_op_name(name) && is_tf_op_type(op_type) {
        return TfOp {
            category: TfOpCategory::TensorFlow,
            name,
            op_type,
        };
    }
    let op_type = if op_type.is_empty() {
        derive_op_type(name)
    } else {
        op_type
    };
    if is_jax_op_type(op_type) {
        let end = op_type.find('[').unwrap_or(op_type.len());
        return TfOp {
            category: TfOpCategory::Jax,
            name,
            op_type: &op_type[..end],
        };
    }
    unknown
}

/// `[A-Za-z0-9.][A-Za-z0-9_./>-]*`
fn is_tf_op_name(s: &str) -> bool {
    let mut b = s.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'.')
        && b.all(|c| c.is_ascii_alphanumeric() || b"_./>-\\".contains(&c))
}

/// `[A-Z_][a-zA-Z0-9_]*`
fn is_tf_op_type(s: &str) -> bool {
    let mut b = s.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_uppercase() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// `[a-z_][a-z0-9_]*(\[.*\])?`
fn is_jax_op_type(s: &str) -> bool {
    let (head, rest) = match s.find('[') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let mut b = head.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == b'_')
        && b.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
        && (rest.is_empty() || rest.ends_with(']'))
}

/// The last name scope without a numeric `_N` suffix (`model/layer/MatMul_1` → `MatMul`).
fn derive_op_type(name: &str) -> &str {
    let last = name.rsplit('/').next().unwrap_or(name);
    match last.rsplit_once('_') {
        Some((head, digits))
            if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) =>
        {
            head
        }
        _ => last,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_xprof() {
        let op = parse_tf_op("model/dense/MatMul:MatMul");
        assert_eq!(
            (op.category, op.name, op.op_type),
            (TfOpCategory::TensorFlow, "model/dense/MatMul", "MatMul")
        );
        let op = parse_tf_op("Iterator::Prefetch");
        assert_eq!(
            (op.category, op.name, op.op_type),
            (TfOpCategory::TfData, "Iterator::Prefetch", "Dataset")
        );
        let op = parse_tf_op("jit(f)/jit(main)/add:add");
        assert_eq!((op.category, op.op_type), (TfOpCategory::Jax, "add"));
        let op = parse_tf_op("jit(f)/transpose:transpose[permutation=(1, 0)]");
        assert_eq!(op.op_type, "transpose");
        assert_eq!(parse_tf_op("just text").category, TfOpCategory::Unknown);
        assert_eq!(parse_tf_op("MemcpyHToD").category, TfOpCategory::Memcpy);
        assert_eq!(derive_op_type("a/b/reduce_sum_12"), "reduce_sum");
    }
}
