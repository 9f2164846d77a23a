//! One value for each side of a game (the engines, their clocks, their scores), looked up by
//! [`Side`] rather than by an index, so a loop over the two sides never writes `if i == 0`.

use crate::rules::Side;

/// A value for the side that has the first colour (red, white; black in gomoku) and one for
/// the other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct BySide<T> {
    pub first: T,
    pub second: T,
}

impl<T> BySide<T> {
    pub(super) const fn new(first: T, second: T) -> BySide<T> {
        BySide { first, second }
    }

    pub(super) const fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    pub(super) const fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }

    /// Each value passed through `f` with its side, the first side's first.
    pub(super) fn map<U>(self, mut f: impl FnMut(Side, T) -> U) -> BySide<U> {
        let first = f(Side::First, self.first);
        let second = f(Side::Second, self.second);
        BySide { first, second }
    }

    /// Each side's value beside the other's of `other`, in pairs.
    pub(super) fn zip<U>(self, other: BySide<U>) -> impl Iterator<Item = (Side, (T, U))> {
        [
            (Side::First, (self.first, other.first)),
            (Side::Second, (self.second, other.second)),
        ]
        .into_iter()
    }

    pub(super) const fn as_ref(&self) -> BySide<&T> {
        BySide {
            first: &self.first,
            second: &self.second,
        }
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;

    /// The values, the first side's first.
    fn into_iter(self) -> Self::IntoIter {
        [self.first, self.second].into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_found_by_its_side_and_mapped_with_it() {
        let mut scores = BySide::new(1, 2);
        assert_eq!(*scores.get(Side::Second), 2);
        *scores.get_mut(Side::First) += 10;
        let named = scores.map(|side, v| (side, v));
        assert_eq!(named, BySide::new((Side::First, 11), (Side::Second, 2)));
        assert_eq!(scores.as_ref().map(|_, v| *v * 2), BySide::new(22, 4));
        assert_eq!(
            scores.zip(BySide::new('a', 'b')).collect::<Vec<_>>(),
            [(Side::First, (11, 'a')), (Side::Second, (2, 'b'))]
        );
        assert_eq!(scores.into_iter().sum::<i32>(), 13);
    }
}
