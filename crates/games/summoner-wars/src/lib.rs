//! Generated tables for summoner-wars (work in progress).
