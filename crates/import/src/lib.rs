//! grimoire-import (work in progress).
