"""Your house game: a host writes a game on the site; the site checks, keeps and deals it."""
