"""The question model: a question and its verdict (:mod:`.question`), the registry of quiz
generators (:mod:`.registry`), and the banks of engine-made questions the static book and
Practice serve (:mod:`.banks`).  Nothing here draws anything or needs ipywidgets."""
