//! (tests not written yet)
