//! One value for each side of a game (the engines, their clocks, their scores), looked up by
//! [`Side`] rather than by an index, so a loop over the two sides never writes `if i == 0`
//! (shakmaty's `ByColor`, for every game).

use crate::Side;

/// A value for the side that has the first colour (red, white; black in gomoku) and one for
/// the other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BySide<T> {
    /// The first side's value.
    pub first: T,
    /// The second side's value.
    pub second: T,
}

impl<T> BySide<T> {
    /// The first side's value and the second's.
    pub const fn new(first: T, second: T) -> BySide<T> {
        BySide { first, second }
    }

    /// `side`'s value.
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    /// `side`'s value, to change.
    pub const fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }

    /// Each value passed through `f` with its side, the first side's first.
    pub fn map<U>(self, mut f: impl FnMut(Side, T) -> U) -> BySide<U> {
        let first = f(Side::First, self.first);
        let second = f(Side::Second, self.second);
        BySide { first, second }
    }

    /// Each side's value beside the other's of `other`, in pairs.
    pub fn zip<U>(self, other: BySide<U>) -> impl Iterator<Item = (Side, (T, U))> {
        [
            (Side::First, (self.first, other.first)),
            (Side::Second, (self.second, other.second)),
        ]
        .into_iter()
    }

    /// Each side's value by reference.
    pub const fn as_ref(&self) -> BySide<&T> {
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
