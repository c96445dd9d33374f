//! The event log: every state change, in order, serialisable.

use serde::Serialize;

/// An append-only log of game events. It can be switched off (for callers that only want the
/// final state); pushing then does nothing. Clearing keeps the allocation, so a reused log does
/// not allocate on a hot path once it has grown.
#[derive(Debug, Serialize)]
pub struct EventLog<E> {
    enabled: bool,
    events: Vec<E>,
}

impl<E: Clone> Clone for EventLog<E> {
    fn clone(&self) -> Self {
        Self {
            enabled: self.enabled,
            events: self.events.clone(),
        }
    }

    /// Copies into the existing list of events.
    fn clone_from(&mut self, source: &Self) {
        self.enabled = source.enabled;
        self.events.clone_from(&source.events);
    }
}

impl<E> Default for EventLog<E> {
    fn default() -> Self {
        Self {
            enabled: true,
            events: Vec::new(),
        }
    }
}

impl<E> EventLog<E> {
    /// An enabled, empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// An enabled, empty log with room for `capacity` events.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            enabled: true,
            events: Vec::with_capacity(capacity),
        }
    }

    /// Turns recording on or off.
    pub fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
    }

    /// Records an event (when enabled).
    pub fn push(&mut self, event: E) {
        if self.enabled {
            self.events.push(event);
        }
    }

    /// The recorded events, oldest first.
    pub fn events(&self) -> &[E] {
        &self.events
    }

    /// How many events are recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether no event is recorded.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Forgets every event after the first `len` (used to undo a failed action's events).
    pub fn truncate(&mut self, len: usize) {
        self.events.truncate(len);
    }

    /// Forgets all events, keeping the allocation.
    pub fn clear(&mut self) {
        self.events.clear();
    }
}

impl<E: Serialize> EventLog<E> {
    /// The log as JSON (an array of events).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.events).unwrap_or(serde_json::Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disabled_log_records_nothing() {
        let mut log = EventLog::new();
        log.push(1);
        log.set_enabled(false);
        log.push(2);
        assert_eq!(log.events(), &[1]);
        assert_eq!(log.to_json(), serde_json::json!([1]));
    }
}
