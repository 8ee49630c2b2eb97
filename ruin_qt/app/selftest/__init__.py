"""``ruin-qt --self-test`` (``app.main`` calls ``run.run_self_test``): the
program checks each of its features offscreen.  ``run``: the runner and the
features played in this process; ``access``: the screen reader and keys;
``net``: a table across two processes; ``relay``: a table through a wormhole
invite and a transit relay; ``kit``: the failure, check and bounded wait they
all use."""
