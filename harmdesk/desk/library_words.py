"""The library's choices as the command line and the add dialog offer them: plain words,
cheap to import, so building the command line's parser loads no template code."""

COUNT_RANGE = (1, 50)  # how many copies one step adds
HP_MODES = ("fixed", "roll", "average")
NUMBERINGS = ("lowest", "up")
# what to do with a name the library already holds: keep both, replace it, or skip the new
CLASH_CHOICES = ("both", "replace", "skip")
