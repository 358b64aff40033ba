"""A sixth game kept outside engines/ and render/ (tic-tac-toe): it joins the bot through the
registries only, so a new game is proved to touch nothing but its own folders and tests."""
