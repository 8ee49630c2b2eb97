"""One seat's sheet: scene, items, ghost, overlays, pencil, marks, motion, boxes, view, paper score sheet."""
