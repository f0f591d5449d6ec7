"""What the user reads: the verdict table, the JSON report and THEOREMS.md (:mod:`~specproof.render.report`), one
view of a claim (:mod:`~specproof.render.view`) for the Markdown and the site (:mod:`~specproof.render.site`, Jinja2
templates and assets as package data), and the figures (:mod:`~specproof.render.figures`)."""
