//! Link bombs for tests: lz-string payloads written code by code, as no compressor would write
//! them. Each "repeat" code names the dictionary entry being made (the last entry and its own
//! first unit), so the entries grow by one unit a code and `k` codes decompress to `k²/2` units:
//! a 64 KB payload to some 400 million.
#![allow(dead_code)]

const KEY: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Writes lz-string codes as the decoder reads them, keeping its dictionary count, to make
/// payloads no compressor would: bombs.
pub struct Writer {
    bits: Vec<bool>,
    dict: u64,
    num_bits: u32,
    enlarge_in: u64,
    started: bool,
}

impl Default for Writer {
    fn default() -> Self {
        Writer::new()
    }
}

impl Writer {
    pub fn new() -> Writer {
        Writer { bits: Vec::new(), dict: 3, num_bits: 2, enlarge_in: 4, started: false }
    }

    fn put(&mut self, value: u32, n: u32) {
        self.bits.extend((0..n).map(|k| value >> k & 1 == 1));
    }

    fn tick(&mut self) {
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1 << self.num_bits;
            self.num_bits += 1;
        }
    }

    /// One unit written as a literal code.
    pub fn literal(&mut self, unit: u16) {
        let wide = unit > 0xff;
        self.put(u32::from(wide), self.num_bits);
        self.put(u32::from(unit), if wide { 16 } else { 8 });
        self.dict += 1;
        if !self.started {
            self.started = true;
            self.num_bits = 3;
            return;
        }
        self.tick();
        self.dict += 1;
        self.tick();
    }

    /// The entry being made: the last one written and its first unit again, one unit longer
    /// each time.
    pub fn repeat(&mut self) {
        self.put(self.dict as u32, self.num_bits);
        self.dict += 1;
        self.tick();
    }

    pub fn text(&mut self, text: &str) {
        for u in text.encode_utf16() {
            self.literal(u);
        }
    }

    /// The close code and padding, as base64.
    pub fn finish(mut self) -> String {
        self.put(2, self.num_bits);
        // lz-str reads the sextet after the last bit it needs: one more, all padding.
        while !self.bits.len().is_multiple_of(6) {
            self.bits.push(false);
        }
        self.bits.extend([false; 6]);
        let mut out: String =
            self.bits.chunks(6).map(|c| KEY[c.iter().fold(0, |v, &b| v << 1 | usize::from(b))] as char).collect();
        while !out.len().is_multiple_of(4) {
            out.push('=');
        }
        out
    }
}

/// `open`, then `codes` repeated-phrase codes (the last unit of `open` again and again: about
/// `codes²/2` units), then `close`.
pub fn bomb(open: &str, codes: usize, close: &str) -> String {
    let mut w = Writer::new();
    w.text(open);
    for _ in 0..codes {
        w.repeat();
    }
    w.text(close);
    w.finish()
}

/// `{"title":"aaaa…"}` from `codes` repeated-phrase codes: valid JSON of about `codes²/2` units.
pub fn title_bomb(codes: usize) -> String {
    bomb("{\"title\":\"a", codes, "\"}")
}

/// The most repeated-phrase codes whose [`title_bomb`] payload stays within `chars`.
pub fn largest_title_bomb(chars: usize) -> String {
    let (mut low, mut high) = (1, 8 * chars);
    while low < high {
        let mid = (low + high).div_ceil(2);
        if title_bomb(mid).len() <= chars {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    title_bomb(low)
}

/// `{"title":"` and `count` literal U+FFFF (sixteen one bits each: runs of '/' in base64), a
/// string never closed: every '/' of it is a place the collapsed-slash repair may double.
pub fn slash_runs(count: usize) -> String {
    let mut w = Writer::new();
    w.text("{\"title\":\"");
    for _ in 0..count {
        w.literal(0xffff);
    }
    w.finish()
}
