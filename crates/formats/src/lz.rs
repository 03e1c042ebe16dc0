//! lz-string's base64 form, decompressed with a budget, and the collapsed-slash repair of a
//! link's payload in time linear in its length.
//!
//! lz-string is LZW over UTF-16 units: every code adds one dictionary entry one unit longer
//! than the entry before it, so `k` codes can write `k²/2` units. A 64 KB payload of such
//! codes (a phrase repeated, each time one longer) decompresses to some 400 million units;
//! the `lz-str` crate has no budget and builds them all. This decoder stops at
//! [`MAX_DECOMPRESSED`] units instead, and keeps its dictionary as ranges of what it wrote
//! (an entry is always the last entry written plus the unit after it):
//!
//! ```text
//! out:  { " t i t l e " : " a a a a a a …
//!                               └─┬─┘└──┬──┘
//! dict:           entry k = (start, len) ─┘   entry k+1 = (start, len + 1)
//! ```
//!
//! so memory is the output plus 8 bytes a code, whatever the payload.
//!
//! Links pass through chat apps and URL normalisers that collapse `//` to `/`; which `/` of a
//! damaged payload were doubled is unknown. The reader decodes once, and at each `/` it
//! crosses takes the undoubled reading first, noting where the code that crossed it began;
//! when a reading dies (a code that names no entry, text that cannot be JSON, input that ends
//! early) it goes back to the last `/` still undecided, doubles it and reads on from there.
//! Output that cannot be the start of a JSON object kills a wrong reading within a few codes,
//! and the total work (units read and written over every reading) is capped at a multiple of
//! the payload and the output budget: the repair never costs more than a few full decodes.

use serde_json::Value;

/// Most UTF-16 units a link's payload may decompress to. The JSON of a real 64x64 puzzle
/// (every cell given, with its region) is some 200 KB; one with pencil marks in every cell
/// under 1 MB.
pub const MAX_DECOMPRESSED: usize = 1 << 20;

/// Deepest nesting of arrays and objects read from a link (serde_json's own limit, which
/// refuses the 128th level). f-puzzles JSON nests four deep.
pub const MAX_DEPTH: usize = 127;

/// The base64 alphabet of lz-string (`=` is padding, value 64, no bits set).
const KEY: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// The sextet of `/`.
const SLASH: u8 = 63;

/// Why a payload was not decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LzError {
    /// A character outside lz-string's base64 alphabet, at this character index (from 0).
    NotBase64 {
        /// Character index of the first such character.
        at: usize,
    },
    /// It decompresses to more than this many UTF-16 units.
    TooLarge {
        /// [`MAX_DECOMPRESSED`] (or the budget asked for).
        limit: usize,
    },
    /// The JSON it holds nests deeper than [`MAX_DEPTH`]; `at` is the unit index (from 0).
    TooDeep {
        /// Where the nesting passed the limit.
        at: usize,
    },
    /// No reading (with or without doubled slashes) gives a JSON object.
    Undecodable,
    /// The collapsed-slash repair used up its work budget without finding a JSON object.
    GaveUp,
}

/// Decompress lz-string base64 as `lz_str::decompress_from_base64` does (`Ok(None)` where it
/// gives `None`), but refuse output longer than `limit` units.
pub fn decompress_base64(payload: &str, limit: usize) -> Result<Option<Vec<u16>>, LzError> {
    let sextets = sextets(payload)?;
    if sextets.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let mut d = Decoder::new(&sextets, Mode { repair: false, json: false }, limit, usize::MAX);
    match d.run() {
        Ok(()) => Ok(Some(d.out)),
        Err(Dead::End) => Ok(None),
        Err(Dead::Fatal(e)) => Err(e),
    }
}

/// The JSON object a link's payload holds, within [`MAX_DECOMPRESSED`] units and
/// [`MAX_DEPTH`] levels, repairing collapsed `//` when the payload as given does not decode.
pub fn decode_json(payload: &str) -> Result<Value, LzError> {
    let sextets = sextets(payload)?;
    if sextets.is_empty() {
        return Err(LzError::Undecodable);
    }
    // One full decode reads every sextet and writes and parses at most the output cap; the
    // repair may then read the payload about three more times and write a quarter of the cap
    // again. A real link's few collapsed slashes cost far less; a payload made of slashes,
    // whose every reading dies, spends the whole budget (2.9 M units for 64 KB, a third of
    // the four full decodes it was allowed: a fuzzer's 1 s timeout on a loaded machine).
    let work = 4 * sextets.len() + 2 * MAX_DECOMPRESSED + MAX_DECOMPRESSED / 2;
    let mut d = Decoder::new(&sextets, Mode { repair: true, json: true }, MAX_DECOMPRESSED, work);
    loop {
        match d.run().and_then(|()| d.finish()) {
            Ok(value) => return Ok(value),
            Err(Dead::Fatal(e)) => return Err(e),
            Err(Dead::End) => {
                if !d.backtrack() {
                    return Err(LzError::Undecodable);
                }
            }
        }
    }
}

fn sextets(payload: &str) -> Result<Vec<u8>, LzError> {
    payload
        .bytes()
        .enumerate()
        .map(|(i, b)| match KEY.iter().position(|&k| k == b) {
            Some(v) => Ok(v as u8),
            None => Err(LzError::NotBase64 { at: payload[..i].chars().count() }),
        })
        .collect()
}

#[derive(Clone, Copy)]
struct Mode {
    /// Try doubled slashes when a reading dies.
    repair: bool,
    /// The output must be a JSON object: check it as it is written.
    json: bool,
}

/// Why a reading stopped.
enum Dead {
    /// This reading cannot be the payload (another, with other slashes doubled, may be).
    End,
    /// Refused, whatever the slashes.
    Fatal(LzError),
}

/// What a JSON text may look like as far as it has been written: enough to kill a wrong
/// reading at its first impossible unit, not a parser.
#[derive(Clone, Copy, Debug, Default)]
struct Lex {
    begun: bool,
    in_string: bool,
    escaped: bool,
    depth: usize,
}

impl Lex {
    fn feed(&mut self, unit: u16, at: usize) -> Result<(), Dead> {
        if self.in_string {
            match unit {
                _ if self.escaped => self.escaped = false,
                0x5c => self.escaped = true,
                0x22 => self.in_string = false,
                0..0x20 => return Err(Dead::End),
                _ => {}
            }
            return Ok(());
        }
        let Ok(byte) = u8::try_from(unit) else { return Err(Dead::End) };
        if !self.begun {
            return match byte {
                b' ' | b'\t' | b'\n' | b'\r' => Ok(()),
                b'{' => {
                    self.begun = true;
                    self.depth = 1;
                    Ok(())
                }
                _ => Err(Dead::End),
            };
        }
        match byte {
            b'{' | b'[' => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(Dead::Fatal(LzError::TooDeep { at }));
                }
            }
            b'}' | b']' => match self.depth.checked_sub(1) {
                Some(d) => self.depth = d,
                None => return Err(Dead::End),
            },
            b'"' => self.in_string = true,
            b' ' | b'\t' | b'\n' | b'\r' | b',' | b':' | b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E' => {}
            // The letters of true, false and null.
            b't' | b'r' | b'u' | b'f' | b'a' | b'l' | b's' | b'n' => {}
            _ => return Err(Dead::End),
        }
        Ok(())
    }

    fn complete(&self) -> bool {
        self.begun && self.depth == 0 && !self.in_string
    }
}

/// Everything of a reading but the output and the dictionary, which only grow (a state keeps
/// their lengths): a copy of it is a point to come back to.
#[derive(Clone, Copy)]
struct State {
    /// The character being read, and whether it is the doubled `/` written after it.
    index: usize,
    extra: bool,
    val: u8,
    position: u8,
    /// The first entry is read.
    started: bool,
    num_bits: u32,
    enlarge_in: u64,
    /// The last entry written, as a range of the output.
    w: (u32, u32),
    out_len: usize,
    dict_len: usize,
    lex: Lex,
}

/// A `/` crossed: whether this reading doubles it, and the state at the start of the code
/// that crossed it.
struct Decision {
    at: usize,
    doubled: bool,
    from: State,
}

struct Decoder<'a> {
    sextets: &'a [u8],
    mode: Mode,
    limit: usize,
    work: usize,
    work_limit: usize,
    s: State,
    /// The state at the start of the code being read.
    boundary: State,
    out: Vec<u16>,
    /// Entries from 3 on, as ranges of `out` (0, 1, 2 are codes, never looked up).
    dict: Vec<(u32, u32)>,
    decisions: Vec<Decision>,
}

impl<'a> Decoder<'a> {
    fn new(sextets: &'a [u8], mode: Mode, limit: usize, work_limit: usize) -> Decoder<'a> {
        let s = State {
            index: 0,
            extra: false,
            val: sextets[0],
            position: 32,
            started: false,
            num_bits: 2,
            enlarge_in: 4,
            w: (0, 0),
            out_len: 0,
            dict_len: 3,
            lex: Lex::default(),
        };
        let dict = vec![(0, 0); 3];
        Decoder {
            sextets,
            mode,
            limit,
            work: 0,
            work_limit,
            s,
            boundary: s,
            out: Vec::new(),
            dict,
            decisions: Vec::new(),
        }
    }

    fn charge(&mut self, units: usize) -> Result<(), Dead> {
        self.work += units;
        if self.work > self.work_limit {
            return Err(Dead::Fatal(LzError::GaveUp));
        }
        Ok(())
    }

    fn snapshot(&self) -> State {
        State { out_len: self.out.len(), dict_len: self.dict.len(), ..self.s }
    }

    fn restore(&mut self, to: State) {
        self.s = to;
        self.out.truncate(to.out_len);
        self.dict.truncate(to.dict_len);
    }

    /// Go back to the last `/` not yet doubled and double it; false when none is left.
    fn backtrack(&mut self) -> bool {
        while let Some(d) = self.decisions.last_mut() {
            if !d.doubled {
                d.doubled = true;
                let from = d.from;
                self.restore(from);
                return true;
            }
            self.decisions.pop();
        }
        false
    }

    /// `n` bits, the first read the lowest (lz-string's order), taken from each sextet as many
    /// at a time as it has left: the same bits and the same fetches (the next sextet as soon
    /// as the last bit of one is read) as lz-string's bit-by-bit loop, several times faster.
    fn bits(&mut self, n: u32) -> Result<u32, Dead> {
        let mut v = 0;
        let mut k = 0;
        while k < n {
            // `position` is the mask of the next bit, from 32 (of six) down to 1.
            let left = u32::from(self.s.position).trailing_zeros() + 1;
            let take = left.min(n - k);
            // The next `take` bits, highest first, then reversed: the first read is the lowest.
            let chunk = (u32::from(self.s.val) >> (left - take)) & ((1 << take) - 1);
            v |= (chunk.reverse_bits() >> (32 - take)) << k;
            k += take;
            self.s.position >>= take;
            if self.s.position == 0 {
                self.s.position = 32;
                self.advance()?;
            }
        }
        Ok(v)
    }

    /// The next sextet (lz-str fetches it as soon as the last bit of one is read, and gives
    /// up when there is none).
    fn advance(&mut self) -> Result<(), Dead> {
        self.charge(1)?;
        let i = self.s.index;
        if self.mode.repair && !self.s.extra && self.sextets[i] == SLASH && self.doubled(i) {
            self.s.extra = true;
            self.s.val = SLASH;
            return Ok(());
        }
        let next = *self.sextets.get(i + 1).ok_or(Dead::End)?;
        self.s.index = i + 1;
        self.s.extra = false;
        self.s.val = next;
        Ok(())
    }

    /// Whether this reading doubles the `/` at `i`: as decided, or (the first time it is
    /// crossed) not, noting where to come back to.
    fn doubled(&mut self, i: usize) -> bool {
        match self.decisions.binary_search_by_key(&i, |d| d.at) {
            Ok(k) => self.decisions[k].doubled,
            Err(k) => {
                debug_assert_eq!(k, self.decisions.len(), "slashes are crossed in order");
                self.decisions.push(Decision { at: i, doubled: false, from: self.boundary });
                false
            }
        }
    }

    fn grow(&mut self, by: usize) -> Result<(), Dead> {
        if self.out.len() + by > self.limit {
            return Err(Dead::Fatal(LzError::TooLarge { limit: self.limit }));
        }
        self.charge(by)
    }

    /// Check what was written from `from` on.
    fn lex_from(&mut self, from: usize) -> Result<(), Dead> {
        if self.mode.json {
            for k in from..self.out.len() {
                self.s.lex.feed(self.out[k], k)?;
            }
        }
        Ok(())
    }

    fn literal(&mut self, unit: u16) -> Result<u32, Dead> {
        self.grow(1)?;
        let at = self.out.len();
        self.out.push(unit);
        self.lex_from(at)?;
        Ok(at as u32)
    }

    /// Read on until the close code (`Ok`) or the reading dies.
    fn run(&mut self) -> Result<(), Dead> {
        if !self.s.started {
            self.boundary = self.snapshot();
            let unit = match self.bits(2)? {
                0 => self.bits(8)?,
                1 => self.bits(16)?,
                2 => return Ok(()),
                _ => return Err(Dead::End),
            };
            let at = self.literal(unit as u16)?;
            self.dict.push((at, 1));
            self.s.w = (at, 1);
            self.s.started = true;
            self.s.num_bits = 3;
            self.s.enlarge_in = 4;
        }
        loop {
            self.boundary = self.snapshot();
            let mut code = self.bits(self.s.num_bits)?;
            let mut written = None;
            match code {
                0 | 1 => {
                    let unit = self.bits(if code == 0 { 8 } else { 16 })?;
                    let at = self.literal(unit as u16)?;
                    self.dict.push((at, 1));
                    code = (self.dict.len() - 1) as u32;
                    written = Some((at, 1));
                    self.s.enlarge_in -= 1;
                }
                2 => return Ok(()),
                _ => {}
            }
            self.enlarge();
            let (ws, wl) = self.s.w;
            let entry = match written {
                Some(entry) => entry,
                None => {
                    let at = self.out.len();
                    let (start, len) = match self.dict.get(code as usize) {
                        Some(&(start, len)) => (start, len),
                        // The entry being made: the last one and its own first unit.
                        None if code as usize == self.dict.len() => (ws, wl + 1),
                        None => return Err(Dead::End),
                    };
                    self.grow(len as usize)?;
                    let (s, l) = (start as usize, len as usize);
                    if s + l <= at {
                        self.out.extend_from_within(s..s + l);
                    } else {
                        self.out.extend_from_within(s..at);
                        self.out.push(self.out[s]);
                    }
                    self.lex_from(at)?;
                    (at as u32, len)
                }
            };
            // The last entry and the first unit of this one: the output from `ws` on.
            self.dict.push((ws, wl + 1));
            self.s.enlarge_in -= 1;
            self.s.w = entry;
            self.enlarge();
        }
    }

    fn enlarge(&mut self) {
        if self.s.enlarge_in == 0 {
            self.s.enlarge_in = 1 << self.s.num_bits;
            self.s.num_bits += 1;
        }
    }

    /// The JSON object this reading wrote, if it is one.
    fn finish(&mut self) -> Result<Value, Dead> {
        if !self.s.lex.complete() {
            return Err(Dead::End);
        }
        self.charge(self.out.len())?;
        let text = String::from_utf16(&self.out).map_err(|_| Dead::End)?;
        match serde_json::from_str::<Value>(&text) {
            Ok(v) if v.is_object() => Ok(v),
            _ => Err(Dead::End),
        }
    }
}

/// The test bomb writer (shared with the integration tests).
#[cfg(test)]
#[path = "../tests/support/lz_bomb.rs"]
mod lz_bomb;

#[cfg(test)]
mod tests {
    use super::lz_bomb::title_bomb;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_bomb_writer_writes_what_lz_str_reads_and_it_grows_with_the_square() {
        let small = title_bomb(100);
        let units = lz_str::decompress_from_base64(&small).expect("lz-str reads the bomb");
        let text = String::from_utf16(&units).expect("text");
        // 'a', then entries of 2, 3, … 101 units.
        assert_eq!(text.len(), "{\"title\":\"\"}".len() + 1 + (2..=101).sum::<usize>());
        assert!(text.starts_with("{\"title\":\"aaaa") && text.ends_with("aa\"}"));
        assert_eq!(decompress_base64(&small, usize::MAX).expect("no limit"), Some(units.clone()));
        let v = decode_json(&small).expect("a valid JSON object under the cap");
        assert_eq!(v["title"].as_str().map(str::len), Some(text.len() - 12));
    }

    #[test]
    fn a_link_bomb_is_refused_at_the_cap_not_decompressed() {
        // 20,000 codes: 200 million units (400 MB) if decompressed; 45 KB of payload.
        let bomb = title_bomb(20_000);
        assert!(bomb.len() < 64 * 1024, "{}", bomb.len());
        assert_eq!(decode_json(&bomb), Err(LzError::TooLarge { limit: MAX_DECOMPRESSED }));
        assert_eq!(decompress_base64(&bomb, 1000), Err(LzError::TooLarge { limit: 1000 }));
        // Its first 2,500 codes are already beyond twice the cap for lz-str (which has none).
        let units = lz_str::decompress_from_base64(&title_bomb(2_500)).expect("lz-str").len();
        assert!(units > 2 * MAX_DECOMPRESSED, "{units}");
    }

    #[test]
    fn json_nested_deeper_than_serde_reads_is_named_not_retried() {
        for (depth, deep) in [(127, false), (128, true)] {
            let json = format!("{{\"a\":{}{}}}", "[".repeat(depth - 1), "]".repeat(depth - 1));
            let payload = super::super::fpuzzles::encode_payload(&json);
            let got = decode_json(&payload);
            if deep {
                assert_eq!(got, Err(LzError::TooDeep { at: 5 + MAX_DEPTH - 1 }), "{depth}");
            } else {
                assert!(got.is_ok(), "{depth}: {got:?}");
            }
        }
    }

    #[test]
    fn empty_and_foreign_payloads() {
        assert_eq!(decompress_base64("", 10), Ok(Some(Vec::new())));
        assert_eq!(decode_json(""), Err(LzError::Undecodable));
        assert_eq!(decode_json("N4Ig$"), Err(LzError::NotBase64 { at: 4 }));
        // 'a' is not the start of a JSON object.
        assert_eq!(decode_json(&super::super::fpuzzles::encode_payload("a")), Err(LzError::Undecodable));
    }

    /// The index of every `/` in `payload`, and the payload with some of them undoubled.
    fn collapse(payload: &str, which: impl Fn(usize) -> bool) -> String {
        let mut out = String::new();
        let mut k = 0;
        let mut chars = payload.chars().peekable();
        while let Some(ch) = chars.next() {
            out.push(ch);
            if ch == '/' && chars.peek() == Some(&'/') {
                if which(k) {
                    chars.next();
                }
                k += 1;
            }
        }
        out
    }

    #[test]
    fn collapsed_slashes_far_apart_are_each_repaired() {
        // Titles of units with many one bits write '/' (63) in base64: find one with four '//'.
        let (title, payload) = (0..2_000u32)
            .find_map(|seed| {
                let title: String =
                    (0..120u32).filter_map(|i| char::from_u32(0xff00 | ((seed * 31 + i * 97) % 256))).collect();
                let payload =
                    super::super::fpuzzles::encode_payload(&format!(r#"{{"size":4,"title":"{title}","grid":[]}}"#));
                (payload.matches("//").count() >= 4).then_some((title, payload))
            })
            .expect("a title whose payload holds four '//'");
        for which in [0usize, 1, 3, usize::MAX] {
            let damaged = collapse(&payload, |k| which == usize::MAX || k % 4 == which);
            assert_ne!(damaged, payload);
            let v = decode_json(&damaged).unwrap_or_else(|e| panic!("{which}: {e:?}"));
            assert_eq!(v["title"].as_str(), Some(title.as_str()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn round_trips_read_as_lz_str_reads_them(text in "\\PC{0,300}") {
            let payload = lz_str::compress_to_base64(text.as_str());
            let ours = decompress_base64(&payload, usize::MAX).expect("no limit");
            prop_assert_eq!(&ours, &lz_str::decompress_from_base64(&payload));
            prop_assert_eq!(ours, Some(text.encode_utf16().collect::<Vec<u16>>()));
        }

        #[test]
        fn any_base64_reads_as_lz_str_reads_it(payload in "[A-Za-z0-9+/]{0,120}={0,3}") {
            prop_assert_eq!(decompress_base64(&payload, usize::MAX).expect("no limit"),
                            lz_str::decompress_from_base64(&payload));
        }

        #[test]
        fn damaged_payloads_read_as_lz_str_reads_them(
            text in "[a-c{}\":,\\[\\]0-9]{1,200}",
            at in 0usize..1000,
            ch in 0usize..64,
        ) {
            let mut payload: Vec<u8> = lz_str::compress_to_base64(text.as_str()).into_bytes();
            let at = at % payload.len();
            payload[at] = KEY[ch];
            let payload = String::from_utf8(payload).expect("ascii");
            prop_assert_eq!(decompress_base64(&payload, usize::MAX).expect("no limit"),
                            lz_str::decompress_from_base64(&payload));
        }

        #[test]
        fn the_cap_is_exact(text in "[ab]{1,400}", limit in 0usize..500) {
            let payload = lz_str::compress_to_base64(text.as_str());
            let got = decompress_base64(&payload, limit);
            if text.len() <= limit {
                prop_assert_eq!(got, Ok(Some(text.encode_utf16().collect::<Vec<u16>>())));
            } else {
                prop_assert_eq!(got, Err(LzError::TooLarge { limit }));
            }
        }
    }
}
