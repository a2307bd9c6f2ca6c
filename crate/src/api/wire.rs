//! The wire form of a call, `{"method": "<name>", "args": [...]}`, and the `requests!` macro
//! that declares [`super::Request`]: each variant with its method name and named fields, read
//! from the positional `args` in field order (the order the page's `Engine` method takes
//! them), each field decoded with serde.

use super::ApiError;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A call as it arrives, before its arguments are typed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wire {
    /// The method name (`sliceDetails`, ...).
    pub method: String,
    /// The arguments, in order (absent = none).
    #[serde(default)]
    pub args: Vec<Value>,
}

impl Wire {
    /// Decodes the wire JSON; `bad_request` when it is not `{method, args}`.
    pub fn parse(json: &str) -> Result<Wire, ApiError> {
        serde_json::from_str(json).map_err(|e| ApiError::BadRequest(e.to_string()))
    }
}

/// The positional arguments of one call, taken in order by [`Args::next`].
#[derive(Debug)]
pub struct Args {
    method: &'static str,
    fields: &'static [&'static str],
    values: std::vec::IntoIter<Value>,
    at: usize,
}

impl Args {
    /// `bad_request` unless there is exactly one value per field.
    pub fn new(
        method: &'static str,
        fields: &'static [&'static str],
        values: Vec<Value>,
    ) -> Result<Args, ApiError> {
        if values.len() != fields.len() {
            return Err(ApiError::BadRequest(format!(
                "{method} takes {} argument(s) ({}), got {}",
                fields.len(),
                fields.join(", "),
                values.len()
            )));
        }
        Ok(Args {
            method,
            fields,
            values: values.into_iter(),
            at: 0,
        })
    }

    /// The next argument as a `T`; `bad_request` naming it when it does not decode.
    pub fn next<T: DeserializeOwned>(&mut self) -> Result<T, ApiError> {
        let field = self.fields.get(self.at).copied().unwrap_or("?");
        self.at += 1;
        let value = self.values.next().unwrap_or(Value::Null);
        serde_json::from_value(value)
            .map_err(|e| ApiError::BadRequest(format!("{} argument {field}: {e}", self.method)))
    }
}

/// Declares `Request` from `"method" => Variant { field: Type, ... }` entries (doc comments
/// allowed on both), with `Request::METHODS` (every method name) and `Request::decode`.
macro_rules! requests {
    ($(
        $(#[doc = $doc:literal])*
        $method:literal => $variant:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty ),* $(,)? }
    ),* $(,)?) => {
        /// One engine call (see [`crate::api`] for the wire form).
        #[derive(Debug)]
        pub enum Request {
            $( $(#[doc = $doc])* $variant { $( $(#[doc = $fdoc])* $field: $ty ),* }, )*
        }

        impl Request {
            /// Every method name, as the page calls it.
            pub const METHODS: &'static [&'static str] = &[$($method),*];

            /// Decodes one call: `bad_request` for an unknown method, a wrong number of
            /// arguments or an argument that does not decode.
            pub fn decode(wire: $crate::api::wire::Wire) -> Result<Request, ApiError> {
                match wire.method.as_str() {
                    $( $method => {
                        #[allow(unused_mut, unused_variables)]
                        let mut args = $crate::api::wire::Args::new($method, &[$(stringify!($field)),*], wire.args)?;
                        Ok(Request::$variant { $( $field: args.next()? ),* })
                    } )*
                    other => Err(ApiError::BadRequest(format!("unknown engine call {other:?}"))),
                }
            }
        }
    };
}
pub(super) use requests;
