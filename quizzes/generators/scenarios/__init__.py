"""Tables and hands the generators of a game share (a Pontoon deal part-played, a Palace
battle set up): made with the engine, never typed by hand."""
