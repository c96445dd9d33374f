//! The object store: game objects with owner, controller, zone, damage, markers, attachments
//! and traits changed by timestamped effects.

use std::sync::Arc;

use serde::Serialize;

/// Identifies an object in one [`ObjectStore`] (its index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ObjectId(pub u32);

/// Identifies a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct PlayerId(pub u8);

/// What a game trait must tell the store: whether two traits are of the same kind (so that
/// removing "Flying" removes it whatever its parameter, and "Armor +1" and "Armor +2" are
/// the same kind).
pub trait TraitKind: Clone {
    /// True when `self` and `other` are the same kind of trait, parameters aside.
    fn same_kind(&self, other: &Self) -> bool;
}

/// How a timestamped effect changes an object's traits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TraitEffectKind {
    /// The object gains the trait.
    Grant,
    /// The object loses the trait (a later grant gives it back).
    Remove,
    /// The object loses the trait and cannot gain it while this effect lasts: beats every
    /// grant, earlier or later.
    LoseAndCannotGain,
}

/// A trait granted or removed by an effect at a timestamp.
#[derive(Debug, Clone, Serialize)]
pub struct TraitEffect<T> {
    /// The trait.
    pub value: T,
    /// Grant or removal.
    pub kind: TraitEffectKind,
    /// When the effect started; later effects win.
    pub timestamp: u64,
}

/// One game object. `P` is where an object can be: the board's position type (an arena's
/// zone, a square) or a card zone's number.
#[derive(Debug, Clone, Serialize)]
pub struct Object<T, M, P = u32> {
    /// Its id in the store.
    pub id: ObjectId,
    /// The player who owns the card.
    pub owner: PlayerId,
    /// The player who controls it now.
    pub controller: PlayerId,
    /// Where it is (the game gives positions their meaning).
    pub zone: P,
    /// Damage marked on it.
    pub damage: u32,
    /// Markers (conditions, tokens) and their counts; counts are never zero.
    pub markers: Vec<(M, u32)>,
    /// Objects attached to it.
    pub attachments: Vec<ObjectId>,
    /// The object it is attached to, if any.
    pub attached_to: Option<ObjectId>,
    /// Printed traits (they never change, so copies of the state share them).
    pub base_traits: Arc<[T]>,
    /// Trait changes from effects, in any order (they are applied by timestamp).
    pub trait_effects: Vec<TraitEffect<T>>,
    /// False once it has left play (destroyed).
    pub in_play: bool,
}

impl<T: TraitKind, M: PartialEq + Clone, P> Object<T, M, P> {
    /// Number of `marker` markers on the object.
    #[inline]
    pub fn marker_count(&self, marker: &M) -> u32 {
        self.markers
            .iter()
            .find(|(m, _)| m == marker)
            .map_or(0, |(_, n)| *n)
    }

    /// Sets the number of `marker` markers (zero removes them).
    pub fn set_markers(&mut self, marker: &M, count: u32) {
        match self.markers.iter().position(|(m, _)| m == marker) {
            Some(index) if count == 0 => {
                self.markers.remove(index);
            }
            Some(index) => self.markers[index].1 = count,
            None if count > 0 => self.markers.push((marker.clone(), count)),
            None => {}
        }
    }

    /// Calls `visit` with each trait the object has now, with the timestamp it was gained at
    /// (0 for printed traits). Effects apply from earliest to latest; "loses and cannot gain"
    /// hides the trait whatever the timestamps. Does not allocate.
    pub fn for_each_trait(&self, mut visit: impl FnMut(&T, u64)) {
        self.for_each_trait_dyn(&mut visit);
    }

    /// [`Object::for_each_trait`] with a trait object: one copy of the body per trait type
    /// for all its callers.
    fn for_each_trait_dyn(&self, visit: &mut dyn FnMut(&T, u64)) {
        let blocked = |t: &T| {
            self.trait_effects
                .iter()
                .any(|e| e.kind == TraitEffectKind::LoseAndCannotGain && e.value.same_kind(t))
        };
        let removed_after = |t: &T, since: u64| {
            self.trait_effects.iter().any(|e| {
                e.kind == TraitEffectKind::Remove && e.timestamp >= since && e.value.same_kind(t)
            })
        };
        for printed in self.base_traits.iter() {
            if !blocked(printed) && !removed_after(printed, 0) {
                visit(printed, 0);
            }
        }
        for effect in &self.trait_effects {
            if effect.kind == TraitEffectKind::Grant
                && !blocked(&effect.value)
                && !self.trait_effects.iter().any(|e| {
                    e.kind == TraitEffectKind::Remove
                        && e.timestamp > effect.timestamp
                        && e.value.same_kind(&effect.value)
                })
            {
                visit(&effect.value, effect.timestamp);
            }
        }
    }

    /// The traits the object has now (allocates; see [`Object::for_each_trait`]).
    pub fn traits(&self) -> Vec<T> {
        let mut out = Vec::new();
        self.for_each_trait(|t, _| out.push(t.clone()));
        out
    }
}

/// All objects of a game, addressed by [`ObjectId`], plus the timestamp clock.
///
/// Objects are shared between copies of the store and copied on their first change
/// (`Arc::make_mut`): cloning a state to try an action, or to roll one back, copies one
/// pointer per object, not the objects' markers and trait effects.
#[derive(Debug, Serialize)]
pub struct ObjectStore<T, M, P = u32> {
    objects: Vec<Arc<Object<T, M, P>>>,
    clock: u64,
}

impl<T, M, P> Clone for ObjectStore<T, M, P> {
    fn clone(&self) -> Self {
        Self {
            objects: self.objects.clone(),
            clock: self.clock,
        }
    }

    /// Copies into the existing list of objects (no allocation once it is long enough), taking
    /// a new share only of the objects that differ ([`clone_shared_from`]).
    fn clone_from(&mut self, source: &Self) {
        clone_shared_from(&mut self.objects, &source.objects);
        self.clock = source.clock;
    }
}

/// Makes `target` a copy of `source`, a list of shared values, touching only the entries that
/// are not shared already: copying a state into a copy kept from the state before costs one
/// pointer comparison per unchanged entry instead of two reference-count updates.
pub fn clone_shared_from<T>(target: &mut Vec<Arc<T>>, source: &[Arc<T>]) {
    /// Entries compared at once: a block still shared throughout (the usual case) costs one
    /// branch-free comparison of its pointers.
    const BLOCK: usize = 8;
    /// Takes a new share of each entry of `new` that `kept` does not share already.
    fn share<T>(kept: &mut [Arc<T>], new: &[Arc<T>]) {
        for (kept, new) in kept.iter_mut().zip(new) {
            if !Arc::ptr_eq(kept, new) {
                *kept = Arc::clone(new);
            }
        }
    }
    target.truncate(source.len());
    let kept = target.len();
    let mut kept_blocks = target.chunks_exact_mut(BLOCK);
    let mut new_blocks = source[..kept].chunks_exact(BLOCK);
    for (kept, new) in (&mut kept_blocks).zip(&mut new_blocks) {
        let shared = kept
            .iter()
            .zip(new)
            .fold(true, |all, (a, b)| all & Arc::ptr_eq(a, b));
        if !shared {
            share(kept, new);
        }
    }
    share(kept_blocks.into_remainder(), new_blocks.remainder());
    target.extend(source[kept..].iter().cloned());
}

impl<T, M, P> Default for ObjectStore<T, M, P> {
    fn default() -> Self {
        Self {
            objects: Vec::new(),
            clock: 0,
        }
    }
}

impl<T: TraitKind, M: PartialEq + Clone, P: Clone> ObjectStore<T, M, P> {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an object owned and controlled by `owner` in `zone`, and returns its id.
    pub fn insert(&mut self, owner: PlayerId, zone: P, base_traits: Vec<T>) -> ObjectId {
        let id = ObjectId(self.objects.len() as u32);
        self.objects.push(Arc::new(Object {
            id,
            owner,
            controller: owner,
            zone,
            damage: 0,
            markers: Vec::new(),
            attachments: Vec::new(),
            attached_to: None,
            base_traits: base_traits.into(),
            trait_effects: Vec::new(),
            in_play: true,
        }));
        id
    }

    /// The object with this id, if any.
    #[inline]
    pub fn get(&self, id: ObjectId) -> Option<&Object<T, M, P>> {
        self.objects.get(id.0 as usize).map(|o| &**o)
    }

    /// The object with this id, mutably, if any.
    #[inline]
    pub fn get_mut(&mut self, id: ObjectId) -> Option<&mut Object<T, M, P>> {
        self.objects.get_mut(id.0 as usize).map(Arc::make_mut)
    }

    /// All objects, in insertion order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = &Object<T, M, P>> {
        self.objects.iter().map(|o| &**o)
    }

    /// Number of objects ever inserted.
    #[inline]
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// True when the store holds no object.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// Advances the clock and returns a fresh timestamp (always > every earlier one).
    pub fn next_timestamp(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// Applies a trait effect to `id` with a fresh timestamp; returns the timestamp.
    pub fn add_trait_effect(&mut self, id: ObjectId, value: T, kind: TraitEffectKind) -> u64 {
        let timestamp = self.next_timestamp();
        if let Some(object) = self.get_mut(id) {
            object.trait_effects.push(TraitEffect {
                value,
                kind,
                timestamp,
            });
        }
        timestamp
    }

    /// Ends the latest effect on `id` that matches `ends` (for example the grant of an
    /// enchantment that left play). Returns true when one was found.
    pub fn end_trait_effect(
        &mut self,
        id: ObjectId,
        ends: impl Fn(&TraitEffect<T>) -> bool,
    ) -> bool {
        let Some(object) = self.get_mut(id) else {
            return false;
        };
        match object.trait_effects.iter().rposition(ends) {
            Some(index) => {
                object.trait_effects.remove(index);
                true
            }
            None => false,
        }
    }

    /// Attaches `child` to `parent` (detaching it from any previous parent).
    pub fn attach(&mut self, child: ObjectId, parent: ObjectId) {
        if let Some(old) = self.get(child).and_then(|c| c.attached_to) {
            if let Some(old_parent) = self.get_mut(old) {
                old_parent.attachments.retain(|&a| a != child);
            }
        }
        if let Some(c) = self.get_mut(child) {
            c.attached_to = Some(parent);
        }
        if let Some(p) = self.get_mut(parent) {
            p.attachments.push(child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    enum Tr {
        Flying,
        Armor(i32),
    }

    impl TraitKind for Tr {
        fn same_kind(&self, other: &Self) -> bool {
            std::mem::discriminant(self) == std::mem::discriminant(other)
        }
    }

    fn store_with_flyer() -> (ObjectStore<Tr, &'static str>, ObjectId) {
        let mut store = ObjectStore::new();
        let id = store.insert(PlayerId(1), 0, vec![Tr::Flying]);
        (store, id)
    }

    #[test]
    fn later_effects_win() {
        let (mut store, id) = store_with_flyer();
        store.add_trait_effect(id, Tr::Flying, TraitEffectKind::Remove);
        assert_eq!(store.get(id).unwrap().traits(), vec![]);
        store.add_trait_effect(id, Tr::Flying, TraitEffectKind::Grant);
        assert_eq!(store.get(id).unwrap().traits(), vec![Tr::Flying]);
    }

    #[test]
    fn lose_and_cannot_gain_beats_later_grants() {
        let (mut store, id) = store_with_flyer();
        store.add_trait_effect(id, Tr::Flying, TraitEffectKind::LoseAndCannotGain);
        store.add_trait_effect(id, Tr::Flying, TraitEffectKind::Grant);
        store.add_trait_effect(id, Tr::Armor(2), TraitEffectKind::Grant);
        assert_eq!(store.get(id).unwrap().traits(), vec![Tr::Armor(2)]);
    }

    #[test]
    fn ending_a_grant_removes_only_that_grant() {
        let (mut store, id) = store_with_flyer();
        store.add_trait_effect(id, Tr::Armor(1), TraitEffectKind::Grant);
        store.add_trait_effect(id, Tr::Armor(2), TraitEffectKind::Grant);
        assert!(store.end_trait_effect(id, |e| e.value == Tr::Armor(1)));
        assert!(!store.end_trait_effect(id, |e| e.value == Tr::Armor(5)));
        assert_eq!(
            store.get(id).unwrap().traits(),
            vec![Tr::Flying, Tr::Armor(2)]
        );
    }

    #[test]
    fn markers_count_and_vanish_at_zero() {
        let (mut store, id) = store_with_flyer();
        let object = store.get_mut(id).unwrap();
        object.set_markers(&"burn", 2);
        assert_eq!(object.marker_count(&"burn"), 2);
        object.set_markers(&"burn", 0);
        assert!(object.markers.is_empty());
    }

    #[test]
    fn attaching_moves_the_child() {
        let (mut store, a) = store_with_flyer();
        let b = store.insert(PlayerId(1), 0, vec![]);
        let c = store.insert(PlayerId(2), 0, vec![]);
        store.attach(c, a);
        store.attach(c, b);
        assert!(store.get(a).unwrap().attachments.is_empty());
        assert_eq!(store.get(b).unwrap().attachments, vec![c]);
        assert_eq!(store.get(c).unwrap().attached_to, Some(b));
    }
}
