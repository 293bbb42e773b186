"""Playing at one table from several terminals: the table protocol, host and client."""
