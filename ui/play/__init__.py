"""Parts of the Play page and the game lists it shares with Host."""
