"""What the book's pages are made of: rule boxes, deal pictures and quiz blocks
(:mod:`.parts`), and the generated Reference part (:mod:`.reference`).  The Sphinx
extensions in ``book/_ext`` are thin adapters over these; nothing here imports Sphinx."""
