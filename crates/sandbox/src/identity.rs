//! Who a game runs as. Outside, a user with nothing of its own on the
//! machine: when the check runs as root, a user of the game's own, one
//! for every running game (as isolate gives each box its own), or the
//! user nobody when asked (`--unprivileged`); when it does not, the
//! check's own user, which is all a user may give. Inside, in a user
//! namespace of the game's own, the user 1000 ("player"), which holds no
//! capability over anything outside the namespace: not over the files it
//! sees, not over the host's or domain's name, nor any device.

/// The user and group a game's programs see themselves as.
pub(crate) const INSIDE: (u32, u32) = (1000, 1000);

/// The user and group nobody.
pub(crate) const NOBODY: u32 = 65534;

/// The first of the users given to games of their own: far above the
/// users a system makes (below 65536), its ranges for containers (from
/// 100000 and from 524288, 65536 at a time) and its dynamic users.
const OWN_USERS: u32 = 0x5F00_0000;

/// How many users of their own games are given before they come round
/// again: many more than can run at once.
const OWN_USERS_COUNT: u32 = 1 << 24;

/// Who the programs of a check's games run as, outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Identity {
    /// A user of its own for every game (a check run as root).
    OwnUser,
    /// The user nobody (a check run as root, with `--unprivileged`): the
    /// root is built by nobody too, with nothing of root's.
    Nobody,
    /// The check's own user (a check run by a user other than root).
    Checker {
        /// Its user.
        uid: u32,
        /// Its group.
        gid: u32,
    },
}

impl Identity {
    /// The identity a check gives its games: running as `euid`, asked
    /// for nobody or not.
    pub(crate) fn for_check(euid: u32, egid: u32, unprivileged: bool) -> Identity {
        match (euid, unprivileged) {
            (0, true) => Identity::Nobody,
            (0, false) => Identity::OwnUser,
            (uid, _) => Identity::Checker { uid, gid: egid },
        }
    }

    /// The user and group game number `game` of the check running as
    /// process `check` runs as, outside.
    pub(crate) fn outside(self, check: u32, game: u64) -> (u32, u32) {
        match self {
            Identity::OwnUser => {
                let id = OWN_USERS + (check.wrapping_mul(65_536) ^ game as u32) % OWN_USERS_COUNT;
                (id, id)
            }
            Identity::Nobody => (NOBODY, NOBODY),
            Identity::Checker { uid, gid } => (uid, gid),
        }
    }

    /// Whether the game's root is built by root (else by the user its
    /// programs run as, in a user namespace of its own).
    pub(crate) fn built_by_root(self) -> bool {
        self == Identity::OwnUser
    }

    /// In words, for the report.
    pub(crate) fn said(self) -> &'static str {
        match self {
            Identity::OwnUser => "a user of its own for each game",
            Identity::Nobody => "the user nobody (--unprivileged)",
            Identity::Checker { .. } => "the check's own user",
        }
    }
}

/// The lines of a user namespace's `uid_map` or `gid_map` that map
/// `inside` to `outside`, one of each.
pub(crate) fn map(inside: u32, outside: u32) -> Vec<u8> {
    format!("{inside} {outside} 1\n").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_of_a_check_run_as_users_of_their_own_and_none_the_system_has() {
        let identity = Identity::for_check(0, 0, false);
        let first = identity.outside(4321, 0);
        let second = identity.outside(4321, 1);
        assert_ne!(first, second);
        for (uid, _) in [first, second, identity.outside(u32::MAX, u64::MAX)] {
            assert!((OWN_USERS..OWN_USERS + OWN_USERS_COUNT).contains(&uid));
            assert!(uid < 1 << 31);
        }
        // Another check at the same time: other users.
        assert_ne!(identity.outside(4322, 0), first);
        assert_eq!(
            Identity::for_check(0, 0, true).outside(1, 2),
            (NOBODY, NOBODY)
        );
        assert_eq!(
            Identity::for_check(1000, 100, true).outside(1, 2),
            (1000, 100)
        );
        assert_eq!(map(1000, 65534), b"1000 65534 1\n");
    }
}
