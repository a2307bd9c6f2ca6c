//! Reading one trace-event object into reusable [`EventFields`].
//!
//! Contract: [`read_event`] consumes exactly one object (cursor on its `{`) and fills the
//! fields this importer uses (`ph`, `name`, `cat`, `pid`, `tid`, `ts`, `dur`, `s`, `args`,
//! `id`, `id2`, `scope`, `bp`, `bind_id`, `flow_in`, `flow_out`, `tts`, `tdur`);
//! every other key is skipped. Keys may come in any order. The buffers are reused from
//! event to event, so a steady stream of events allocates only for new interned strings.

use super::intern::Interner;
use super::lexer::{LexError, Lexer, Literal};
use super::nested::NestedValues;
use super::number::{arg_number, micros_to_ns};
use crate::model::{ArgValue, CategoryId, StrId, bytes_equal};

/// The phase of an event, from its `ph`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// No `ph` key.
    Missing,
    /// `X`.
    Complete,
    /// `B`.
    Begin,
    /// `E`.
    End,
    /// `i` or `I`.
    Instant,
    /// `R`: a mark (user timing), an instant.
    Mark,
    /// `C`.
    Counter,
    /// `b`: nestable async begin.
    AsyncBegin,
    /// `e`: nestable async end.
    AsyncEnd,
    /// `n`: nestable async instant.
    AsyncInstant,
    /// `S`: legacy async start.
    LegacyStart,
    /// `T` or `p`: legacy async step.
    LegacyStep,
    /// `F`: legacy async finish.
    LegacyFinish,
    /// `s`: flow start.
    FlowStart,
    /// `t`: flow step.
    FlowStep,
    /// `f`: flow end.
    FlowEnd,
    /// `P`: a sample (V8 `Profile` / `ProfileChunk`, or a plain sample).
    Sample,
    /// `N`: object created.
    ObjectNew,
    /// `O`: object snapshot.
    ObjectSnapshot,
    /// `D`: object destroyed.
    ObjectDelete,
    /// `v` or `V`: memory dump.
    MemoryDump,
    /// `M`.
    Metadata,
    /// Anything else; the text is in [`EventFields::ph_text`].
    Other,
}

impl Phase {
    /// Every phase, in declaration order: a phase's position is its code in a part's
    /// record ([`super::parts`]).
    const ALL: [Phase; 23] = [
        Phase::Missing,
        Phase::Complete,
        Phase::Begin,
        Phase::End,
        Phase::Instant,
        Phase::Mark,
        Phase::Counter,
        Phase::AsyncBegin,
        Phase::AsyncEnd,
        Phase::AsyncInstant,
        Phase::LegacyStart,
        Phase::LegacyStep,
        Phase::LegacyFinish,
        Phase::FlowStart,
        Phase::FlowStep,
        Phase::FlowEnd,
        Phase::Sample,
        Phase::ObjectNew,
        Phase::ObjectSnapshot,
        Phase::ObjectDelete,
        Phase::MemoryDump,
        Phase::Metadata,
        Phase::Other,
    ];

    /// The phase's code (its position in [`Phase::ALL`]).
    pub(super) fn code(self) -> u8 {
        self as u8
    }

    /// The phase of a code from [`Phase::code`].
    pub(super) fn from_code(code: u8) -> Option<Phase> {
        Phase::ALL.get(code as usize).copied()
    }

    fn of(ph: &[u8]) -> Phase {
        match ph {
            b"X" => Phase::Complete,
            b"B" => Phase::Begin,
            b"E" => Phase::End,
            b"i" | b"I" => Phase::Instant,
            b"R" => Phase::Mark,
            b"C" => Phase::Counter,
            b"b" => Phase::AsyncBegin,
            b"e" => Phase::AsyncEnd,
            b"n" => Phase::AsyncInstant,
            b"S" => Phase::LegacyStart,
            b"T" | b"p" => Phase::LegacyStep,
            b"F" => Phase::LegacyFinish,
            b"s" => Phase::FlowStart,
            b"t" => Phase::FlowStep,
            b"f" => Phase::FlowEnd,
            b"P" => Phase::Sample,
            b"N" => Phase::ObjectNew,
            b"O" => Phase::ObjectSnapshot,
            b"D" => Phase::ObjectDelete,
            b"v" | b"V" => Phase::MemoryDump,
            b"M" => Phase::Metadata,
            _ => Phase::Other,
        }
    }

    /// True for phases whose args this importer keeps (flow events carry none worth it).
    fn wants_args(self) -> bool {
        !matches!(
            self,
            Phase::Other | Phase::FlowStart | Phase::FlowStep | Phase::FlowEnd
        )
    }
}

/// Which id namespace an `id` belongs to: plain `id`, `id2.local` (per process) or
/// `id2.global`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum IdScope {
    /// A plain `id` (or none).
    Plain,
    /// `id2: {"local": ...}`: only meaningful within the event's process.
    Local,
    /// `id2: {"global": ...}`.
    Global,
}

/// A timestamp field: absent, valid nanoseconds, or present but unusable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Micros {
    /// The key is absent.
    Absent,
    /// Nanoseconds.
    Ns(i64),
    /// Not a number, or out of range.
    Invalid,
}

/// The fields of the event being read.
#[derive(Debug)]
pub(super) struct EventFields {
    pub(super) phase: Phase,
    /// The `ph` text when `phase` is `Other` (at most 16 bytes kept).
    pub(super) ph_text: String,
    pub(super) name: StrId,
    pub(super) category: CategoryId,
    /// `pid` as text (a number's digits or a string's content); empty if absent.
    pub(super) pid: String,
    /// `tid` as text; empty if absent.
    pub(super) tid: String,
    pub(super) ts: Micros,
    pub(super) dur: Micros,
    /// Instant scope `s` (`b'g'`, `b'p'`, `b't'`), 0 if absent.
    pub(super) scope: u8,
    /// `id` or the member of `id2`, as text; empty if absent.
    pub(super) id: String,
    /// Which namespace `id` is in.
    pub(super) id_scope: IdScope,
    /// The `scope` string that further namespaces `id`; empty if absent.
    pub(super) id_namespace: String,
    /// Flow binding point `bp` (`b'e'` = enclosing slice), 0 if absent.
    pub(super) bp: u8,
    /// `bind_id` (flow v2) as text; empty if absent.
    pub(super) bind_id: String,
    /// `flow_in` (flow v2).
    pub(super) flow_in: bool,
    /// `flow_out` (flow v2).
    pub(super) flow_out: bool,
    /// Thread time `tts` and thread duration `tdur` as written (µs), kept as args.
    pub(super) thread_time: [Option<ArgValue>; 2],
    /// The `args` members, in source order.
    pub(super) args: Vec<(StrId, ArgValue)>,
    /// Nested arg values: the buffer for their compact JSON, and those read before.
    nested: NestedValues,
    /// The arg keys of the last event with args, by position, with their ids (consecutive
    /// events mostly repeat their keys in order; a hit saves hashing the key).
    arg_keys: Vec<(Vec<u8>, StrId)>,
    /// The last `name` and `cat` read as strings, with their ids (runs of events repeat
    /// them; a hit saves hashing the text).
    last_name: Recent<StrId>,
    last_cat: Recent<CategoryId>,
}

/// The text of the last string a field held and what it was interned as.
#[derive(Debug, Default)]
struct Recent<T> {
    text: Vec<u8>,
    value: Option<T>,
}

impl<T: Copy> Recent<T> {
    /// The value remembered for `text`, if it is the last text.
    #[inline]
    fn get(&self, text: &[u8]) -> Option<T> {
        self.value.filter(|_| bytes_equal(&self.text, text))
    }

    /// Remembers `text` as `value` (texts past [`REMEMBERED_KEY_BYTES`] are not kept).
    fn set(&mut self, text: &[u8], value: T) {
        if text.len() <= REMEMBERED_KEY_BYTES {
            self.text.clear();
            self.text.extend_from_slice(text);
            self.value = Some(value);
        }
    }
}

impl Default for EventFields {
    fn default() -> Self {
        EventFields {
            phase: Phase::Missing,
            ph_text: String::new(),
            name: StrId::EMPTY,
            category: CategoryId::NONE,
            pid: String::new(),
            tid: String::new(),
            ts: Micros::Absent,
            dur: Micros::Absent,
            scope: 0,
            id: String::new(),
            id_scope: IdScope::Plain,
            id_namespace: String::new(),
            bp: 0,
            bind_id: String::new(),
            flow_in: false,
            flow_out: false,
            thread_time: [None; 2],
            args: Vec::new(),
            nested: NestedValues::default(),
            arg_keys: Vec::new(),
            last_name: Recent::default(),
            last_cat: Recent::default(),
        }
    }
}

impl EventFields {
    fn reset(&mut self) {
        self.phase = Phase::Missing;
        self.ph_text.clear();
        self.name = StrId::EMPTY;
        self.category = CategoryId::NONE;
        self.ts = Micros::Absent;
        self.dur = Micros::Absent;
        self.scope = 0;
        self.id.clear();
        self.id_scope = IdScope::Plain;
        self.id_namespace.clear();
        self.bp = 0;
        self.bind_id.clear();
        self.flow_in = false;
        self.flow_out = false;
        self.thread_time = [None; 2];
        self.args.clear();
    }

    /// The value of arg `key`, if present.
    pub(super) fn arg(&self, key: StrId) -> Option<ArgValue> {
        self.args.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }
}

/// Reads the event object at the cursor into `ev`. `depth` is the nesting level of the
/// object (for the depth limit).
pub(super) fn read_event<I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    ev: &mut EventFields,
    depth: usize,
) -> Result<(), LexError> {
    ev.reset();
    lx.expect(b'{', "'{'")?;
    // `pid` and `tid` keep the last event's text until read (runs of events repeat them, and
    // an equal text is not copied again); one the event lacks is cleared after the loop.
    let (mut has_pid, mut has_tid) = (false, false);
    let mut first = true;
    while lx.next_member(&mut first)? {
        let field = match lx.peek().and_then(|_| Field::known_at(lx.rest())) {
            Some((field, len)) => {
                lx.skip_bytes(len);
                lx.expect(b':', "':'")?;
                field
            }
            None => Field::of(lx.key_bytes()?),
        };
        match field {
            Field::Ph => {
                let ph = lx.string_bytes()?;
                ev.phase = Phase::of(ph);
                if ev.phase == Phase::Other {
                    ev.ph_text
                        .extend(String::from_utf8_lossy(ph).chars().take(16));
                }
            }
            Field::Name => ev.name = read_text_id(lx, b, &mut ev.last_name, depth + 1)?,
            Field::Cat => ev.category = read_category(lx, b, &mut ev.last_cat, depth + 1)?,
            Field::Pid => {
                has_pid = true;
                read_id_text(lx, &mut ev.pid, depth + 1)?;
            }
            Field::Tid => {
                has_tid = true;
                read_id_text(lx, &mut ev.tid, depth + 1)?;
            }
            Field::Ts => ev.ts = read_micros(lx, depth + 1)?,
            Field::Dur => ev.dur = read_micros(lx, depth + 1)?,
            Field::Scope => ev.scope = read_scope(lx, depth + 1)?,
            Field::Id => read_id_text(lx, &mut ev.id, depth + 1)?,
            Field::Id2 => read_id2(lx, ev, depth + 1)?,
            Field::IdNamespace => read_id_text(lx, &mut ev.id_namespace, depth + 1)?,
            Field::BindingPoint => ev.bp = read_scope(lx, depth + 1)?,
            Field::BindId => read_id_text(lx, &mut ev.bind_id, depth + 1)?,
            Field::FlowIn => ev.flow_in = read_flag(lx, depth + 1)?,
            Field::FlowOut => ev.flow_out = read_flag(lx, depth + 1)?,
            Field::ThreadTime => ev.thread_time[0] = read_number_arg(lx, depth + 1)?,
            Field::ThreadDuration => ev.thread_time[1] = read_number_arg(lx, depth + 1)?,
            Field::Args if ev.phase.wants_args() => read_args(lx, b, ev, depth + 1)?,
            Field::Args | Field::Other => lx.skip_value(depth + 1)?,
        }
    }
    if !has_pid {
        ev.pid.clear();
    }
    if !has_tid {
        ev.tid.clear();
    }
    Ok(())
}

/// The keys this importer reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Ph,
    Name,
    Cat,
    Pid,
    Tid,
    Ts,
    Dur,
    Scope,
    Id,
    Id2,
    IdNamespace,
    BindingPoint,
    BindId,
    FlowIn,
    FlowOut,
    ThreadTime,
    ThreadDuration,
    Args,
    Other,
}

impl Field {
    /// The usual keys, matched in place: `rest` starts at a key's opening quote; returns the
    /// field and the length of the key with its quotes if it is one of them, written without
    /// escapes (other keys go through [`Field::of`]).
    fn known_at(rest: &[u8]) -> Option<(Field, usize)> {
        let (b'"', key) = rest.split_first()? else {
            return None;
        };
        // Fixed-size comparisons compile to a load and a compare (a slice `==` calls memcmp).
        match key.first()? {
            b'p' => known(key, b"ph\"", Field::Ph).or_else(|| known(key, b"pid\"", Field::Pid)),
            b'n' => known(key, b"name\"", Field::Name),
            b'c' => known(key, b"cat\"", Field::Cat),
            b't' => known(key, b"tid\"", Field::Tid).or_else(|| known(key, b"ts\"", Field::Ts)),
            b'd' => known(key, b"dur\"", Field::Dur),
            b'a' => known(key, b"args\"", Field::Args),
            _ => None,
        }
    }

    fn of(key: &[u8]) -> Field {
        match key {
            b"ph" => Field::Ph,
            b"name" => Field::Name,
            b"cat" => Field::Cat,
            b"pid" => Field::Pid,
            b"tid" => Field::Tid,
            b"ts" => Field::Ts,
            b"dur" => Field::Dur,
            b"s" => Field::Scope,
            b"args" => Field::Args,
            b"id" => Field::Id,
            b"id2" => Field::Id2,
            b"scope" => Field::IdNamespace,
            b"bp" => Field::BindingPoint,
            b"bind_id" => Field::BindId,
            b"flow_in" => Field::FlowIn,
            b"flow_out" => Field::FlowOut,
            b"tts" => Field::ThreadTime,
            b"tdur" => Field::ThreadDuration,
            _ => Field::Other,
        }
    }
}

/// `field` and the length of its key with both quotes if `key` (after the opening quote)
/// starts with `text` (the key and its closing quote).
fn known<const N: usize>(key: &[u8], text: &[u8; N], field: Field) -> Option<(Field, usize)> {
    (key.first_chunk::<N>() == Some(text)).then_some((field, N + 1))
}

/// Reads a string value and interns it; invalid UTF-8 counts as a replaced character.
fn intern_string(lx: &mut Lexer<'_>, b: &mut impl Interner) -> Result<StrId, LexError> {
    let (id, lossy) = b.intern_bytes(lx.string_bytes()?);
    lx.replaced_chars += u64::from(lossy);
    Ok(id)
}

/// A string value interned (through `recent`, the field's last text); a non-string value is
/// skipped and gives the empty string.
fn read_text_id<I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    recent: &mut Recent<StrId>,
    depth: usize,
) -> Result<StrId, LexError> {
    read_remembered(lx, b, recent, depth, StrId::EMPTY, |_, id| (id, true))
}

/// A `cat` string as a category (through `recent`, the last `cat` text); a non-string value
/// is skipped and gives no category.
fn read_category<I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    recent: &mut Recent<CategoryId>,
    depth: usize,
) -> Result<CategoryId, LexError> {
    read_remembered(lx, b, recent, depth, CategoryId::NONE, |b, name| {
        let id = b.category_of(name);
        // Past the category limit every `cat` is reported again, so those are not remembered.
        (id, id != CategoryId(u16::MAX))
    })
}

/// A string value as a `T`, through `recent`: the last text gives its value again; a new
/// text is interned and `value_of` gives its value and whether `recent` may keep it (a text
/// with invalid UTF-8, whose replaced characters are counted, is never kept). A non-string
/// value is skipped and gives `absent`.
fn read_remembered<T: Copy, I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    recent: &mut Recent<T>,
    depth: usize,
    absent: T,
    value_of: impl FnOnce(&mut I, StrId) -> (T, bool),
) -> Result<T, LexError> {
    if lx.peek() != Some(b'"') {
        lx.skip_value(depth)?;
        return Ok(absent);
    }
    let text = lx.string_bytes()?;
    if let Some(value) = recent.get(text) {
        return Ok(value);
    }
    let (id, lossy) = b.intern_bytes(text);
    let (value, keep) = value_of(b, id);
    if keep && !lossy {
        recent.set(text, value);
    }
    lx.replaced_chars += u64::from(lossy);
    Ok(value)
}

/// A `pid`/`tid` as text: a string's content or a number's digits; other values give "".
/// `out` is left as it is when it already holds that text.
fn read_id_text(lx: &mut Lexer<'_>, out: &mut String, depth: usize) -> Result<(), LexError> {
    match lx.peek() {
        Some(b'"') => {
            let text = lx.string()?;
            if !bytes_equal(out.as_bytes(), text.as_bytes()) {
                out.clear();
                out.push_str(text);
            }
        }
        Some(b'-' | b'0'..=b'9') => {
            let digits = lx.number()?;
            if !bytes_equal(out.as_bytes(), digits) {
                out.clear();
                // Number text is ASCII (the lexer's number charset), so always UTF-8.
                out.push_str(std::str::from_utf8(digits).unwrap_or(""));
            }
        }
        _ => {
            out.clear();
            lx.skip_value(depth)?;
        }
    }
    Ok(())
}

/// A `ts`/`dur` in µs as nanoseconds. Numeric strings are accepted too.
fn read_micros(lx: &mut Lexer<'_>, depth: usize) -> Result<Micros, LexError> {
    let ns = match lx.peek() {
        Some(b'-' | b'0'..=b'9') => micros_to_ns(lx.number()?),
        Some(b'"') => micros_to_ns(lx.string()?.trim().as_bytes()),
        _ => {
            lx.skip_value(depth)?;
            None
        }
    };
    Ok(ns.map_or(Micros::Invalid, Micros::Ns))
}

/// `id2: {"local": id}` or `{"global": id}`; other shapes are skipped.
fn read_id2(lx: &mut Lexer<'_>, ev: &mut EventFields, depth: usize) -> Result<(), LexError> {
    if lx.peek() != Some(b'{') {
        return lx.skip_value(depth);
    }
    lx.expect(b'{', "'{'")?;
    let mut first = true;
    while lx.next_member(&mut first)? {
        let scope = match lx.key_bytes()? {
            b"local" => Some(IdScope::Local),
            b"global" => Some(IdScope::Global),
            _ => None,
        };
        match scope {
            Some(scope) => {
                read_id_text(lx, &mut ev.id, depth + 1)?;
                ev.id_scope = scope;
            }
            None => lx.skip_value(depth + 1)?,
        }
    }
    Ok(())
}

/// A JSON boolean (anything else is false).
fn read_flag(lx: &mut Lexer<'_>, depth: usize) -> Result<bool, LexError> {
    match lx.peek() {
        Some(b't' | b'f' | b'n') => Ok(lx.literal()? == Literal::True),
        _ => lx.skip_value(depth).map(|()| false),
    }
}

/// A number kept as a typed arg (`tts`, `tdur`); other values give `None`.
fn read_number_arg(lx: &mut Lexer<'_>, depth: usize) -> Result<Option<ArgValue>, LexError> {
    if matches!(lx.peek(), Some(b'-' | b'0'..=b'9')) {
        Ok(arg_number(lx.number()?))
    } else {
        lx.skip_value(depth).map(|()| None)
    }
}

fn read_scope(lx: &mut Lexer<'_>, depth: usize) -> Result<u8, LexError> {
    if lx.peek() == Some(b'"') {
        Ok(lx.string_bytes()?.first().copied().unwrap_or(0))
    } else {
        lx.skip_value(depth).map(|()| 0)
    }
}

/// Reads `args` into `ev.args`. An `args` that is not an object is kept whole under the
/// key `args`.
fn read_args<I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    ev: &mut EventFields,
    depth: usize,
) -> Result<(), LexError> {
    ev.args.clear();
    let Some(first) = lx.peek() else {
        // Cut before the value: nothing interned, so reading it again once the rest has
        // arrived interns what reading it whole would.
        return Err(LexError::Eof {
            offset: lx.offset(),
        });
    };
    if first != b'{' {
        let key = b.intern("args");
        let value = read_arg_value(lx, b, &mut ev.nested, depth)?;
        ev.args.push((key, value));
        return Ok(());
    }
    lx.expect(b'{', "'{'")?;
    let mut first = true;
    while lx.next_member(&mut first)? {
        let key = arg_key(lx, b, &mut ev.arg_keys, ev.args.len())?;
        let value = read_arg_value(lx, b, &mut ev.nested, depth + 1)?;
        ev.args.push((key, value));
    }
    Ok(())
}

/// Longest and most arg keys remembered in [`EventFields::arg_keys`].
const REMEMBERED_KEY_BYTES: usize = 64;
const REMEMBERED_KEYS: usize = 32;

/// Reads the key of the `k`-th arg and interns it, first comparing it with the `k`-th key of
/// the last event (`remembered`, updated here), in place. Keys that were not valid UTF-8 are
/// not remembered, so each occurrence is counted as replaced; nor are keys holding a quote or
/// a backslash (after decoding), so a remembered key is always written as it reads.
fn arg_key<I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    remembered: &mut Vec<(Vec<u8>, StrId)>,
    k: usize,
) -> Result<StrId, LexError> {
    if let Some((text, id)) = remembered.get(k) {
        // Matched in place, quotes included: a remembered key holds no quote or backslash,
        // so these bytes are a plain string whose content is the key. (A key that differs
        // here but decodes to it, with escapes, is interned to the same id below.)
        let len = text.len();
        let opens = lx.peek() == Some(b'"');
        let rest = lx.rest();
        if opens && rest.get(len + 1) == Some(&b'"') && bytes_equal(&rest[1..=len], text) {
            lx.skip_bytes(len + 2);
            lx.expect(b':', "':'")?;
            return Ok(*id);
        }
    }
    let bytes = lx.key_bytes()?;
    let (id, lossy) = b.intern_bytes(bytes);
    let plain = !bytes.iter().any(|&c| c == b'"' || c == b'\\');
    if !lossy && plain && k < REMEMBERED_KEYS && bytes.len() <= REMEMBERED_KEY_BYTES {
        if k == remembered.len() {
            remembered.push((bytes.to_vec(), id));
        } else if let Some((text, old)) = remembered.get_mut(k) {
            text.clear();
            text.extend_from_slice(bytes);
            *old = id;
        }
    }
    lx.replaced_chars += u64::from(lossy);
    Ok(id)
}

/// One arg value: scalars typed, strings interned, objects and arrays as compact JSON.
fn read_arg_value<I: Interner>(
    lx: &mut Lexer<'_>,
    b: &mut I,
    nested: &mut NestedValues,
    depth: usize,
) -> Result<ArgValue, LexError> {
    Ok(match lx.peek() {
        Some(b'"') => ArgValue::Str(intern_string(lx, b)?),
        Some(b'-' | b'0'..=b'9') => {
            let text = lx.number()?;
            match arg_number(text) {
                Some(v) => v,
                None => ArgValue::Str(b.intern(&String::from_utf8_lossy(text))),
            }
        }
        Some(b'{' | b'[') => ArgValue::Json(nested.read(lx, b, depth)?),
        _ => match lx.literal()? {
            Literal::True => ArgValue::Bool(true),
            Literal::False => ArgValue::Bool(false),
            Literal::Null => ArgValue::Null,
        },
    })
}
