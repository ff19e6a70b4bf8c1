//! Keeps the resident memory of the embedded data read in place bounded.
//!
//! The GLD dictionaries and the example sentences' indexes are read in place
//! from the executable's read-only pages: each page a look-up reads stays
//! resident (counted in the process's RSS, as file-backed memory) until the
//! kernel needs it. A long-running service that looks up words all over 80 MB
//! of them would keep most of them. So after every 1 MB read (the whole pages
//! of compressed dictionary blocks, the bytes of sentences and postings), the pages of all of them are
//! given back (`madvise(MADV_DONTNEED)`); the next read of a page maps it again
//! from the page cache, unchanged (a minor fault).

use std::sync::atomic::{AtomicUsize, Ordering};

/// Compressed bytes read since the pages were last given back.
static READ: AtomicUsize = AtomicUsize::new(0);

/// How many bytes of embedded data (whole pages for a dictionary block) may be
/// read before the pages are given back.
const TRIM_AFTER: usize = 1 << 20;

/// Notes that `n` bytes of embedded data were read; gives the pages back when
/// enough were (counted in the whole pages read: see [`note_pages`]).
pub(crate) fn note_read(n: usize) {
    if READ.fetch_add(n, Ordering::Relaxed) + n >= TRIM_AFTER {
        READ.store(0, Ordering::Relaxed);
        for b in crate::engine::dict::library::BUNDLED {
            give_back(b.direct);
            if let Some(inverse) = b.inverse {
                give_back(inverse);
            }
        }
        crate::engine::examples::embedded()
            .into_iter()
            .for_each(give_back);
    }
}

/// Notes a read of `data`, embedded bytes read in place, as the whole pages it
/// spans: a GLD block of 700 compressed bytes maps a page or two.
pub(crate) fn note_pages(data: &[u8]) {
    note_read(pages(data.as_ptr() as usize, data.len()) * PAGE);
}

const PAGE: usize = 4096;

/// How many pages the bytes `[begin, begin + len)` lie on.
fn pages(begin: usize, len: usize) -> usize {
    (begin + len).div_ceil(PAGE) - begin / PAGE
}

/// Drops the whole pages of `data` from this process's page tables.
#[cfg(target_os = "linux")]
fn give_back(data: &'static [u8]) {
    use nix::sys::mman::{MmapAdvise, madvise};
    let begin = data.as_ptr() as usize;
    let start = begin.next_multiple_of(PAGE);
    let end = (begin + data.len()) / PAGE * PAGE;
    let Some(addr) = std::ptr::NonNull::new(start as *mut std::ffi::c_void) else {
        return;
    };
    if end > start {
        // SAFETY: [start, end) lies inside `data`: bytes embedded in the
        // executable, mapped read-only from its file and never written. After
        // MADV_DONTNEED a read of them maps the same bytes again from the file,
        // so every reference to `data` keeps seeing what it saw.
        let _ = unsafe { madvise(addr, end - start, MmapAdvise::MADV_DONTNEED) };
    }
}

#[cfg(not(target_os = "linux"))]
fn give_back(_: &'static [u8]) {}

#[cfg(test)]
mod tests {
    #[test]
    fn a_read_counts_the_pages_it_spans() {
        assert_eq!(super::pages(0, 4096), 1);
        assert_eq!(super::pages(100, 700), 1);
        assert_eq!(super::pages(4000, 700), 2);
        assert_eq!(super::pages(4096, 8193), 3);
    }

    /// Pages given back read the same bytes again.
    #[test]
    fn bytes_survive_giving_pages_back() {
        let b = &crate::engine::dict::library::BUNDLED[0];
        let before = crc32fast::hash(b.direct);
        super::give_back(b.direct);
        assert_eq!(crc32fast::hash(b.direct), before);
        super::note_read(super::TRIM_AFTER);
        assert_eq!(crc32fast::hash(b.direct), before);
    }
}
