//! Splitting an engine's byte stream into lines.
//!
//! Engines end lines with LF, CRLF or a bare CR (Gomocup allows all three), and nothing
//! guarantees that a read returns whole lines: a CRLF can be split across two reads. The
//! splitter is a small state machine fed with whatever the pipe delivered, so the reader
//! thread stays trivial and this logic is testable without a process.

/// One line as it came from the engine, line end removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawLine {
    /// The line's bytes, cut at the line-length cap.
    pub bytes: Vec<u8>,
    /// How many bytes beyond the cap were dropped (0 if none).
    pub dropped: usize,
    /// Which line end closed it.
    pub ending: LineEnding,
}

/// The end that closed a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LineEnding {
    /// `\n`, the Unix line end.
    Lf,
    /// `\r\n`, the Windows line end.
    CrLf,
    /// A bare `\r`, which Gomocup allows beside the other two.
    Cr,
    /// The stream ended without a line end after this fragment.
    Eof,
}

/// Splits a byte stream into lines on LF, CRLF or bare CR.
#[derive(Debug)]
pub(crate) struct LineSplitter {
    max_line: usize,
    current: Vec<u8>,
    dropped: usize,
    /// The last chunk ended with a CR: an LF starting the next one belongs to it.
    swallow_lf: bool,
}

impl LineSplitter {
    /// A splitter that keeps at most `max_line` bytes of each line.
    pub(crate) fn new(max_line: usize) -> LineSplitter {
        LineSplitter {
            max_line,
            current: Vec::new(),
            dropped: 0,
            swallow_lf: false,
        }
    }

    /// Feeds the next chunk and returns the lines it completed.
    ///
    /// A CR that ends a chunk completes its line at once (an engine using bare CR would
    /// otherwise wait for its next line to be seen); an LF right after it, in the next
    /// chunk, is then taken as the rest of that line end, not as an empty line.
    pub(crate) fn feed(&mut self, chunk: &[u8]) -> Vec<RawLine> {
        let mut lines = Vec::new();
        let mut rest = chunk;
        if self.swallow_lf && rest.first() == Some(&b'\n') {
            rest = &rest[1..];
        }
        self.swallow_lf = false;
        // A line's text is copied a run at a time, up to its line end: an engine writing
        // thousands of `info` lines a second costs a search for the end and one copy each.
        while let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            self.keep(&rest[..end]);
            let ending = match (rest[end], rest.get(end + 1)) {
                (b'\n', _) => LineEnding::Lf,
                (_, Some(b'\n')) => {
                    rest = &rest[1..];
                    LineEnding::CrLf
                }
                (_, Some(_)) => LineEnding::Cr,
                (_, None) => {
                    self.swallow_lf = true;
                    LineEnding::Cr
                }
            };
            lines.push(self.take(ending));
            rest = &rest[end + 1..];
        }
        self.keep(rest);
        lines
    }

    /// Adds a run of a line's bytes, up to the cap; the rest is counted as dropped.
    fn keep(&mut self, run: &[u8]) {
        let room = self
            .max_line
            .saturating_sub(self.current.len())
            .min(run.len());
        self.current.extend_from_slice(&run[..room]);
        self.dropped += run.len() - room;
    }

    /// Ends the stream: returns a pending CR-terminated line or an unterminated fragment.
    pub(crate) fn finish(&mut self) -> Option<RawLine> {
        if self.current.is_empty() && self.dropped == 0 {
            None
        } else {
            Some(self.take(LineEnding::Eof))
        }
    }

    fn take(&mut self, ending: LineEnding) -> RawLine {
        // The next line is likely as long as this one: one allocation, no regrowing.
        let next = Vec::with_capacity(self.current.len().min(self.max_line));
        RawLine {
            bytes: std::mem::replace(&mut self.current, next),
            dropped: std::mem::replace(&mut self.dropped, 0),
            ending,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn split(chunks: &[&[u8]]) -> Vec<(String, LineEnding)> {
        let mut splitter = LineSplitter::new(1000);
        let mut out: Vec<RawLine> = chunks.iter().flat_map(|c| splitter.feed(c)).collect();
        out.extend(splitter.finish());
        out.into_iter()
            .map(|l| (String::from_utf8(l.bytes).unwrap(), l.ending))
            .collect()
    }

    #[test]
    fn all_three_line_ends_are_accepted() {
        use LineEnding::*;
        assert_eq!(
            split(&[b"a\nb\r\nc\rd"]),
            vec![
                ("a".into(), Lf),
                ("b".into(), CrLf),
                ("c".into(), Cr),
                ("d".into(), Eof)
            ]
        );
    }

    #[test]
    fn a_crlf_split_across_reads_is_one_line_end() {
        // The line is delivered at the CR; its LF in the next read is not an empty line.
        assert_eq!(
            split(&[b"ok\r", b"\nnext\r"]),
            vec![
                ("ok".into(), LineEnding::Cr),
                ("next".into(), LineEnding::Cr)
            ]
        );
    }

    #[test]
    fn a_bare_cr_line_is_delivered_without_waiting_for_more() {
        let mut splitter = LineSplitter::new(100);
        let lines = splitter.feed(b"AGIOK\r");
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].bytes, b"AGIOK");
    }

    #[test]
    fn empty_lines_are_kept_as_lines() {
        assert_eq!(split(&[b"\n\r\n"]).len(), 2);
    }

    #[test]
    fn long_lines_are_cut_and_the_excess_counted() {
        let mut splitter = LineSplitter::new(4);
        let lines = splitter.feed(b"abcdefgh\nxy\n");
        assert_eq!(lines[0].bytes, b"abcd");
        assert_eq!(lines[0].dropped, 4);
        assert_eq!(lines[1].bytes, b"xy");
        assert_eq!(lines[1].dropped, 0);
    }

    proptest! {
        /// However the stream is cut into reads, the lines' contents are the same (only a
        /// CRLF cut between its CR and LF is labelled CR).
        #[test]
        fn chunking_does_not_change_the_lines(bytes in proptest::collection::vec(any::<u8>(), 0..300), cut in 1usize..20) {
            let contents = |lines: Vec<RawLine>| lines.into_iter().map(|l| (l.bytes, l.dropped)).collect::<Vec<_>>();
            let whole = {
                let mut s = LineSplitter::new(64);
                let mut v = s.feed(&bytes);
                v.extend(s.finish());
                contents(v)
            };
            let pieces = {
                let mut s = LineSplitter::new(64);
                let mut v: Vec<RawLine> = bytes.chunks(cut).flat_map(|c| s.feed(c)).collect();
                v.extend(s.finish());
                contents(v)
            };
            prop_assert_eq!(whole, pieces);
        }

        /// Lines joined with LF give back the input when it only used LF and no line was cut.
        #[test]
        fn lf_lines_round_trip(lines in proptest::collection::vec("[a-z ]{0,10}", 0..10)) {
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            let mut s = LineSplitter::new(64);
            let got: Vec<String> = s.feed(text.as_bytes()).into_iter().map(|l| String::from_utf8(l.bytes).unwrap()).collect();
            prop_assert_eq!(got, lines);
            prop_assert!(s.finish().is_none());
        }
    }
}
