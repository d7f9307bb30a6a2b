"""Games that exist only for the tests: each is built with nothing but the engine, as
docs/adding-a-game.md tells a newcomer to build one."""
