"""The message catalog: every text a user sees, complete in English and French.

`t(key, lang, **fields)` formats a message; `lang_for(locale)` maps a Discord locale
("fr", "en-US"...) to a catalog language. A test checks both languages have every key and the
same fields.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

LANGS = ("en", "fr")

CATALOG: dict[str, dict[str, str]] = {
    # --- errors -----------------------------------------------------------------------------
    "err.unexpected": {
        "en": "Sorry, something went wrong on our side. Nothing was changed; please try again.",
        "fr": "Désolé, un problème est survenu de notre côté. Rien n'a été modifié ; réessayez.",
    },
    "err.no_game_here": {
        "en": "There is no game in this channel. Start one with `/game new`.",
        "fr": "Il n'y a pas de partie dans ce salon. Lancez-en une avec `/game new`.",
    },
    "err.no_open_game_id": {
        "en": "This server has no open game #{id}. `/game list` shows its games.",
        "fr": "Ce serveur n'a pas de partie n°{id} en cours. `/game list` affiche ses parties.",
    },
    "err.game_exists": {
        "en": "This channel already has a game ({game}, {status}). Finish or abort it first, or play in a thread.",
        "fr": "Ce salon a déjà une partie ({game}, {status}). Terminez-la ou abandonnez-la d'abord, ou jouez dans un fil.",
    },
    "err.unknown_game": {"en": "Unknown game '{name}'. Games: {games}.", "fr": "Jeu inconnu « {name} ». Jeux : {games}."},
    "err.bad_options": {"en": "Those options are not valid: {detail}", "fr": "Ces options ne sont pas valides : {detail}"},
    "err.options_syntax": {
        "en": "Write options as `key=value` separated by spaces, e.g. `{example}`.",
        "fr": "Écrivez les options sous la forme `clé=valeur` séparées par des espaces, par ex. `{example}`.",
    },
    "err.unknown_pack": {
        "en": "{game} has no pack named '{name}' on this bot. Packs: {packs}.",
        "fr": "{game} n'a pas de pack nommé « {name} » sur ce bot. Packs : {packs}.",
    },
    "err.pack_unreadable": {
        "en": "The pack '{name}' cannot be read ({problem}). The operator can run `python -m bot pack check` on it.",
        "fr": "Le pack « {name} » est illisible ({problem}). L'opérateur peut lancer `python -m bot pack check` dessus.",
    },
    "err.pack_invalid": {
        "en": "The pack '{name}' cannot be played ({count} problems):\n{detail}",
        "fr": "Le pack « {name} » ne peut pas être joué ({count} problèmes) :\n{detail}",
    },
    "err.vacation_days": {
        "en": "A vacation is 1 day or more (at most {per_year} days over any year); `vacation:0` ends yours.",
        "fr": "Des vacances durent au moins 1 jour (au plus {per_year} jours sur une année) ; `vacation:0` met fin aux vôtres.",
    },
    "err.vacation_too_long": {
        "en": "{days} days is more than you have left: {left} of {per_year} vacation days over the last 365 days.",
        "fr": "{days} jours, c'est plus qu'il ne vous reste : {left} jours de vacances sur {per_year} au cours des 365 derniers jours.",
    },
    "err.no_vacation": {"en": "You are not on vacation.", "fr": "Vous n'êtes pas en vacances."},
    "err.skip_on_vacation": {
        "en": "{name} is on vacation: their clock stands still, so their turn cannot be skipped.",
        "fr": "{name} est en vacances : son horloge est arrêtée, son tour ne peut donc pas être passé.",
    },
    "err.not_lobby": {"en": "This game has already started.", "fr": "Cette partie a déjà commencé."},
    "err.not_active": {"en": "This game is not in progress ({status}).", "fr": "Cette partie n'est pas en cours ({status})."},
    "err.already_seated": {"en": "You are already in this game.", "fr": "Vous êtes déjà dans cette partie."},
    "err.table_full": {"en": "The table is full ({max} players).", "fr": "La table est complète ({max} joueurs)."},
    "err.not_seated": {"en": "You are not seated in this game.", "fr": "Vous n'êtes pas assis à cette partie."},
    "err.creator_only": {
        "en": "Only the game's creator can do that.",
        "fr": "Seul le créateur de la partie peut faire cela.",
    },
    "err.abort_forbidden": {
        "en": "Only the game's creator or a member with Manage Channels can abort it.",
        "fr": "Seul le créateur de la partie ou un membre ayant « Gérer les salons » peut l'abandonner.",
    },
    "err.player_count": {
        "en": "{game} needs {min} to {max} players; {count} seated.",
        "fr": "{game} se joue de {min} à {max} joueurs ; {count} assis.",
    },
    "err.too_many_games": {
        "en": "You already have {count} unfinished games (limit {limit}). Finish one first.",
        "fr": "Vous avez déjà {count} parties en cours (limite {limit}). Terminez-en une d'abord.",
    },
    "err.stale": {
        "en": "The board has changed since this was shown. Here is the current state.",
        "fr": "Le plateau a changé depuis cet affichage. Voici l'état actuel.",
    },
    "err.not_your_turn": {
        "en": "It is not your turn. Waiting for: {who}.",
        "fr": "Ce n'est pas votre tour. En attente de : {who}.",
    },
    "err.nothing_to_undo": {
        "en": "Nothing to undo: you can only take back your own steps since the last irreversible moment (another player's action, a draw or hidden information revealed).",
        "fr": "Rien à annuler : vous ne pouvez reprendre que vos propres actions depuis le dernier moment irréversible (action d'un autre joueur, pioche ou information cachée révélée).",
    },
    "err.no_such_player": {"en": "No player called '{name}' in this game.", "fr": "Aucun joueur « {name} » dans cette partie."},
    "err.unknown_topic": {"en": "Unknown topic '{topic}'. Topics: {topics}.", "fr": "Sujet inconnu « {topic} ». Sujets : {topics}."},
    "err.needs_repair": {
        "en": "Game #{id} needs repair: this version of Tabula cannot rebuild it from its record, which is kept untouched. Its creator or a moderator can export or abort it with `/game repair game:{id}`.",
        "fr": "La partie n°{id} est à réparer : cette version de Tabula ne peut pas la reconstruire depuis son enregistrement, conservé tel quel. Son créateur ou un modérateur peut l'exporter ou l'abandonner avec `/game repair game:{id}`.",
    },
    "err.foreign_game": {
        "en": "This button belongs to game #{id}, which is not played here: nothing was changed.",
        "fr": "Ce bouton appartient à la partie n°{id}, qui ne se joue pas ici : rien n'a changé.",
    },
    "err.lobby_closed": {
        "en": "This lobby is closed (game #{id} has started or was closed): its buttons no longer do anything. Use `/game leave` to leave a started game.",
        "fr": "Ce salon d'attente est fermé (la partie n°{id} a commencé ou a été fermée) : ses boutons ne font plus rien. Utilisez `/game leave` pour quitter une partie commencée.",
    },
    "err.manage_server_only": {
        "en": "Only members who can manage this server may change its language.",
        "fr": "Seuls les membres qui peuvent gérer ce serveur peuvent changer sa langue.",
    },
    "err.repair_not_needed": {
        "en": "Game #{id} reads fine: nothing to repair.",
        "fr": "La partie n°{id} se lit correctement : rien à réparer.",
    },
    "game.leave_confirm": {
        "en": "Leave {game} #{id}? The stand-in takes your seat for the rest of the game, for good.",
        "fr": "Quitter {game} n°{id} ? La doublure prend votre place jusqu'à la fin de la partie, définitivement.",
    },
    "lobby.expired": {
        "en": "The table for {game} #{id} was closed after {idle} without anyone joining or starting it. Open a new one with `/game new`.",
        "fr": "La table de {game} n°{id} a été fermée après {idle} sans que personne ne la rejoigne ni ne la lance. Ouvrez-en une autre avec `/game new`.",
    },
    "err.replay_busy": {
        "en": "Replays take a lot of work: try again in {seconds} s.",
        "fr": "Les rediffusions demandent beaucoup de travail : réessayez dans {seconds} s.",
    },
    "settings.dm_still_refused": {
        "en": "Your direct messages refused Tabula last time, so your alerts go to the game's channel. To try again after opening them, choose `alert:channel`, then `alert:dm`.",
        "fr": "Vos messages privés ont refusé Tabula la dernière fois, vos alertes vont donc dans le salon de la partie. Pour réessayer après les avoir ouverts, choisissez `alert:channel`, puis `alert:dm`.",
    },
    "table.start_solo": {"en": "Type `start solo` to play alone.", "fr": "Tapez `start solo` pour jouer seul."},
    "table.leave_yes": {"en": "Type `leave yes` to confirm.", "fr": "Tapez `leave yes` pour confirmer."},
    "game.solo_confirm": {
        "en": "You are alone at the {game} #{id} table. Start a solo game, or wait for others to press **Join**?",
        "fr": "Vous êtes seul à la table de {game} n°{id}. Lancer une partie en solo, ou attendre que d'autres cliquent sur **Rejoindre** ?",
    },
    "btn.start_solo": {"en": "Yes, play solo", "fr": "Oui, jouer en solo"},
    "game.waiting_one": {"en": "{name} ({time})", "fr": "{name} (depuis {time})"},
    "stats.turn_times": {"en": "a turn takes {median} (median), {p90} at most 9 times in 10", "fr": "un tour prend {median} (médiane), {p90} au plus 9 fois sur 10"},
    "settings.private_dm": {
        "en": "Your private view (hand, secret choices) is sent to you by DM at the start of each of your turns.",
        "fr": "Votre vue privée (main, choix secrets) vous est envoyée en message privé au début de chacun de vos tours.",
    },
    "settings.private_here": {
        "en": "Your private view stays in the turn panel and `/hand` (`private:dm` sends it by DM each turn).",
        "fr": "Votre vue privée reste dans le panneau de tour et `/hand` (`private:dm` l'envoie en message privé à chaque tour).",
    },
    "err.bad_private": {"en": "`private` is `dm` or `here`.", "fr": "`private` vaut `dm` ou `here`."},
    "private.turn": {
        "en": "Your private view in {game} #{id}, as your turn begins: {link}",
        "fr": "Votre vue privée dans {game} n°{id}, au début de votre tour : {link}",
    },
    "btn.rematch": {"en": "Rematch", "fr": "Revanche"},
    "lobby.rematch": {
        "en": "A rematch of #{id}: {players}, your seats are waiting (press **Join**).",
        "fr": "Revanche de n°{id} : {players}, vos places vous attendent (cliquez sur **Rejoindre**).",
    },
    "game.rematch_opened": {"en": "Rematch table #{id} is open.", "fr": "La table de revanche n°{id} est ouverte."},
    "err.rematch_not_over": {"en": "Game #{id} is not over: no rematch yet.", "fr": "La partie n°{id} n'est pas finie : pas encore de revanche."},
    "btn.confirm_leave": {"en": "Yes, leave the game", "fr": "Oui, quitter la partie"},
    "game.needs_repair_line": {
        "en": "#{id} {game} · **needs repair** (`/game repair game:{id}`)",
        "fr": "n°{id} {game} · **à réparer** (`/game repair game:{id}`)",
    },
    "repair.aborted": {"en": "Game #{id} was aborted; its record stays exportable.", "fr": "La partie n°{id} a été abandonnée ; son enregistrement reste exportable."},
    "err.no_private": {"en": "You have no private information in this game right now.", "fr": "Vous n'avez pas d'information privée dans cette partie pour l'instant."},
    "err.expired_panel": {
        "en": "This panel is out of date. Press “Take your turn” again.",
        "fr": "Ce panneau n'est plus à jour. Appuyez de nouveau sur « Jouer mon tour ».",
    },
    "err.cooldown": {
        "en": "You opened a table very recently. You can open another in {seconds} s.",
        "fr": "Vous avez ouvert une table très récemment. Vous pourrez en ouvrir une autre dans {seconds} s.",
    },
    "err.clock_syntax": {
        "en": "Write the clock as a time bank plus time per turn in hours or days, e.g. `{example}`, or `none`.",
        "fr": "Écrivez l'horloge comme une réserve de temps plus un temps par tour, en heures ou en jours, par ex. `{example}`, ou `none`.",
    },
    "err.skip_self": {"en": "You cannot vote to skip yourself: just play!", "fr": "Vous ne pouvez pas voter pour passer votre propre tour : jouez !"},
    "err.skip_too_early": {
        "en": "That player still has time on their clock.",
        "fr": "Ce joueur a encore du temps à son horloge.",
    },
    "err.export_active": {
        "en": "A game can be exported once it is over: its record reveals hidden information.",
        "fr": "Une partie ne peut être exportée qu'une fois terminée : son enregistrement révèle des informations cachées.",
    },
    "err.bad_alert": {"en": "Alerts can be: channel, dm or both.", "fr": "Les alertes peuvent être : channel, dm ou both."},
    # --- lobby ------------------------------------------------------------------------------
    "lobby.title": {"en": "{game}: new table #{id}", "fr": "{game} : nouvelle table n°{id}"},
    "lobby.players": {"en": "{n} players", "fr": "{n} joueurs"},
    "lobby.players_range": {"en": "{min}–{max} players", "fr": "{min} à {max} joueurs"},
    "lobby.body": {
        "en": "{creator} opened a table for {players_wanted}.\nOptions: {options}\nClock: {clock}\nSeated ({count}): {players}\nPress **Join** to sit down; the creator presses **Start**.",
        "fr": "{creator} a ouvert une table pour {players_wanted}.\nOptions : {options}\nHorloge : {clock}\nAssis ({count}) : {players}\nAppuyez sur **Rejoindre** pour vous asseoir ; le créateur appuie sur **Lancer**.",
    },
    "lobby.length": {
        "en": "Length: about {turns} turns per player at {players}; at most about {most} with this clock (every turn taking all it allows, {per_turn} on average).",
        "fr": "Durée : environ {turns} tours par joueur à {players} ; au plus environ {most} avec cette horloge (si chaque tour prend tout le temps permis, {per_turn} en moyenne).",
    },
    "lobby.length_free": {
        "en": "Length: about {turns} turns per player at {players}; no time limit (at one turn a day each, about {days} days).",
        "fr": "Durée : environ {turns} tours par joueur à {players} ; sans limite de temps (à un tour par jour chacun, environ {days} jours).",
    },
    "lobby.rated": {
        "en": "Rated: the result counts on `/leaderboard` (this server's and the global one).",
        "fr": "Classée : le résultat compte pour `/leaderboard` (le classement du serveur et le classement global).",
    },
    "lobby.rated_unless_solo": {
        "en": "Rated at two players or more: the result counts on `/leaderboard` (a solo game is not rated).",
        "fr": "Classée à deux joueurs ou plus : le résultat compte pour `/leaderboard` (une partie en solo n'est pas classée).",
    },
    "lobby.unrated_pack": {
        "en": "Unrated: played with a component pack, it changes no rating.",
        "fr": "Non classée : jouée avec un pack de composants, elle ne change aucun classement.",
    },
    "lobby.unrated_solo": {"en": "Unrated: a solo game.", "fr": "Non classée : une partie en solo."},
    "lobby.joined": {"en": "{name} joined the table.", "fr": "{name} a rejoint la table."},
    "lobby.left": {"en": "{name} left the table.", "fr": "{name} a quitté la table."},
    "lobby.closed": {"en": "The table was closed: nobody is left.", "fr": "La table a été fermée : il n'y a plus personne."},
    "lobby.thread_name": {"en": "{game} table", "fr": "Table de {game}"},
    "lobby.opened_in_thread": {"en": "Table opened in {thread}.", "fr": "Table ouverte dans {thread}."},
    "btn.join": {"en": "Join", "fr": "Rejoindre"},
    "btn.add_ai": {"en": "+ AI {level}", "fr": "+ IA {level}"},
    "btn.remove_ai": {"en": "Remove AI", "fr": "Retirer l'IA"},
    "btn.leave": {"en": "Leave", "fr": "Quitter"},
    "btn.start": {"en": "Start", "fr": "Lancer"},
    "btn.turn": {"en": "Take your turn", "fr": "Jouer mon tour"},
    "btn.undo": {"en": "Undo", "fr": "Annuler"},
    "btn.more": {"en": "More options…", "fr": "Plus de choix…"},
    "btn.confirm_abort": {"en": "Yes, abort the game", "fr": "Oui, abandonner la partie"},
    "btn.cancel": {"en": "Cancel", "fr": "Annuler"},
    "btn.hand": {"en": "My private view", "fr": "Ma vue privée"},
    # --- game flow --------------------------------------------------------------------------
    "game.started": {
        "en": "**{game}** #{id} begins! Seats: {players}.",
        "fr": "**{game}** n°{id} commence ! Places : {players}.",
    },
    "game.to_act": {"en": "{who}, it's your turn.", "fr": "{who}, c'est à vous."},
    "game.waiting": {"en": "Waiting for: {who}.", "fr": "En attente de : {who}."},
    "game.aborted": {"en": "Game #{id} was aborted by {name}.", "fr": "La partie n°{id} a été abandonnée par {name}."},
    "game.abort_confirm": {
        "en": "Abort {game} #{id}? The record is kept but the game ends without a result.",
        "fr": "Abandonner {game} n°{id} ? L'enregistrement est conservé mais la partie s'arrête sans résultat.",
    },
    "game.abort_cancelled": {"en": "The game goes on.", "fr": "La partie continue."},
    "game.over": {"en": "**{game}** #{id} is over!", "fr": "**{game}** n°{id} est terminée !"},
    "game.result_line": {"en": "{rank}. {name}: {score} pts ({parts})", "fr": "{rank}. {name} : {score} pts ({parts})"},
    "game.winner": {"en": "{name} wins.", "fr": "{name} gagne."},
    "card.now": {"en": "Now: {who}", "fr": "À jouer : {who}"},
    "confirm.ask": {
        "en": "This step ends your turn: **Confirm** to pass the turn, or **Undo** to take it back.",
        "fr": "Cette action termine votre tour : **Confirmer** pour passer la main, ou **Annuler** pour la reprendre.",
    },
    "btn.confirm_turn": {"en": "Confirm", "fr": "Confirmer"},
    "panel.placeholder_set": {"en": "Choose one or several…", "fr": "Choisissez-en un ou plusieurs…"},
    "panel.placeholder_picks": {"en": "Choose up to {n}…", "fr": "Choisissez-en jusqu'à {n}…"},
    "err.nothing_to_confirm": {"en": "You have no step waiting for confirmation.", "fr": "Vous n'avez aucune action en attente de confirmation."},
    "err.confirm_pending": {
        "en": "{name} must first confirm (or undo) the step that ends their turn.",
        "fr": "{name} doit d'abord confirmer (ou annuler) l'action qui termine son tour.",
    },
    "err.bad_confirm": {"en": "confirm must be on or off.", "fr": "confirm doit valoir on ou off."},
    "options.confirm": {"en": "confirm each turn", "fr": "confirmation de chaque tour"},
    "btn.full_board": {"en": "Full board", "fr": "Plateau complet"},
    "game.shared_victory": {"en": "Shared victory: {names}.", "fr": "Victoire partagée : {names}."},
    "game.and": {"en": " and ", "fr": " et "},
    "game.decided_by": {"en": " · tie broken by {what}", "fr": " · égalité départagée : {what}"},
    "game.undone": {"en": "{name} took back a step.", "fr": "{name} a repris une action."},
    "game.step_saved": {"en": "Saved: {label}.", "fr": "Enregistré : {label}."},
    "game.turn_done": {"en": "Your turn is done.", "fr": "Votre tour est terminé."},
    "game.status": {
        "en": "**{game}** #{id} · {summary}\nWaiting for: {who}\nScores so far: {scores}",
        "fr": "**{game}** n°{id} · {summary}\nEn attente de : {who}\nScores provisoires : {scores}",
    },
    "game.status_over": {"en": "**{game}** #{id} · finished.", "fr": "**{game}** n°{id} · terminée."},
    "game.lobby_status": {"en": "**{game}** #{id} · waiting in the lobby: {players}.", "fr": "**{game}** n°{id} · en attente dans le salon : {players}."},
    "game.log_title": {"en": "Log of #{id} (page {page}/{pages})", "fr": "Journal de n°{id} (page {page}/{pages})"},
    "game.log_empty": {"en": "Nothing has happened yet.", "fr": "Rien ne s'est encore passé."},
    "game.list_empty": {"en": "No games in this server yet.", "fr": "Aucune partie sur ce serveur pour l'instant."},
    "game.list_line": {"en": "#{id} {game} · {status} · <#{channel}> · {players}", "fr": "n°{id} {game} · {status} · <#{channel}> · {players}"},
    "rules.packs": {
        "en": "Component packs on this bot: {packs} (`/game new options: pack=<name>`).",
        "fr": "Packs de matériel sur ce bot : {packs} (`/game new options: pack=<nom>`).",
    },
    "game.clocks_away": {"en": " (🏖️: this player is on vacation, their clock stands still)", "fr": " (🏖️ : ce joueur est en vacances, son horloge est arrêtée)"},
    "game.pack": {
        "en": "Components: pack **{name}** ({digest}), not the default ones.",
        "fr": "Matériel : pack **{name}** ({digest}), pas celui par défaut.",
    },
    "options.pack": {"en": "components {digest}", "fr": "matériel {digest}"},
    "status.lobby": {"en": "lobby", "fr": "salon d'attente"},
    "status.active": {"en": "in progress", "fr": "en cours"},
    "status.finished": {"en": "finished", "fr": "terminée"},
    "status.aborted": {"en": "aborted", "fr": "abandonnée"},
    "panel.header": {"en": "**{game}** #{id} · {question}", "fr": "**{game}** n°{id} · {question}"},
    "panel.type_hint": {
        "en": "Or type it: `/play move:{example}`",
        "fr": "Ou tapez-le : `/play move:{example}`",
    },
    "panel.set_hint": {
        "en": "Or type it: `/play move:{a}+{b}` chooses both and closes the set; `{done}` closes it as it stands.",
        "fr": "Ou tapez-le : `/play move:{a}+{b}` choisit les deux et clôt l'ensemble ; `{done}` le clôt tel quel.",
    },
    "panel.placeholder": {"en": "Choose…", "fr": "Choisir…"},
    "panel.no_decision": {"en": "You have nothing to decide right now. Waiting for: {who}.", "fr": "Vous n'avez rien à décider pour l'instant. En attente de : {who}."},
    "game.left_standin": {
        "en": "{name} left the game; a stand-in plays their seat so the others can finish.",
        "fr": "{name} a quitté la partie ; un remplaçant joue à sa place pour que les autres puissent finir.",
    },
    "game.standin_name": {"en": "{name} (stand-in)", "fr": "{name} (remplaçant)"},
    "game.clocks": {"en": "Time left: {clocks}", "fr": "Temps restant : {clocks}"},
    "clock.none": {"en": "no time limit", "fr": "sans limite de temps"},
    "clock.bank": {"en": "{bank} per player, +{bonus} per turn", "fr": "{bank} par joueur, +{bonus} par tour"},
    "time.day": {"en": "{d} day", "fr": "{d} jour"},
    "time.days": {"en": "{d} days", "fr": "{d} jours"},
    "time.under_minute": {"en": "under a minute", "fr": "moins d'une minute"},
    "time.seconds": {"en": "a few seconds", "fr": "quelques secondes"},
    "time.ago": {"en": "{d} ago", "fr": "il y a {d}"},
    "time.in": {"en": "in {d}", "fr": "dans {d}"},
    "clock.reminder": {
        "en": "{who}, your clock in {game} #{id} is running low: {left} left. {link}",
        "fr": "{who}, votre horloge dans {game} n°{id} arrive à sa fin : il reste {left}. {link}",
    },
    "clock.voters": {"en": "{voters}: you may vote to skip with the button below.", "fr": "{voters} : vous pouvez voter pour passer son tour avec le bouton ci-dessous."},
    "clock.expired_dm": {
        "en": "{who}'s time in {game} #{id} has run out: you may vote to skip their turn with the button in the game's channel.",
        "fr": "Le temps de {who} dans {game} n°{id} est écoulé : vous pouvez voter pour passer son tour avec le bouton dans le salon de la partie.",
    },
    "clock.expired": {
        "en": "{who}'s time in {game} #{id} has run out. The other players may vote to skip their turn (a stand-in plays it).",
        "fr": "Le temps de {who} dans {game} n°{id} est écoulé. Les autres joueurs peuvent voter pour passer son tour (un remplaçant le joue).",
    },
    "btn.skip": {"en": "Skip {name}", "fr": "Passer {name}"},
    "skip.voted": {"en": "Vote counted: {votes}/{needed} to skip {name}.", "fr": "Vote compté : {votes}/{needed} pour passer {name}."},
    "skip.vote_public": {
        "en": "{voter} votes to skip {name} ({votes}/{needed}).",
        "fr": "{voter} vote pour passer {name} ({votes}/{needed}).",
    },
    "skip.done": {"en": "{name} was skipped: a stand-in played their turn.", "fr": "{name} a été passé : un remplaçant a joué son tour."},
    "skip.replaced": {
        "en": "{name} was skipped {count} times: a stand-in now plays their seat.",
        "fr": "{name} a été passé {count} fois : un remplaçant joue désormais à sa place.",
    },
    "alert.your_turn": {"en": "Your turn in {game} #{id}: {link}", "fr": "À vous de jouer dans {game} n°{id} : {link}"},
    "alert.heads_up": {
        "en": "Heads-up: {before} has started their turn in {game} #{id}; you play next. {link}",
        "fr": "Attention : {before} a commencé son tour dans {game} n°{id} ; vous jouez ensuite. {link}",
    },
    "mygames.title": {"en": "Your games ({count}), waiting on you first:", "fr": "Vos parties ({count}), celles qui vous attendent d'abord :"},
    "mygames.empty": {"en": "You are not seated in any game.", "fr": "Vous n'êtes assis à aucune partie."},
    "mygames.waiting": {
        "en": "**#{id} {game}** · {link} · your move since {since}: {question}",
        "fr": "**n°{id} {game}** · {link} · à vous depuis {since} : {question}",
    },
    "mygames.other": {"en": "#{id} {game} · {link} · {status} · waiting for {who}", "fr": "n°{id} {game} · {link} · {status} · en attente de {who}"},
    "vacation.started": {
        "en": "You are on vacation until {until}. Your clocks stand still in your open games ({count}), and no reminder or time-out fires for you; your first move ends it early. Vacation days left over the year: {left}.",
        "fr": "Vous êtes en vacances jusqu'au {until}. Vos horloges sont arrêtées dans vos parties en cours ({count}), et aucun rappel ni dépassement ne vous vise ; votre premier coup y met fin. Jours de vacances restants sur l'année : {left}.",
    },
    "vacation.ended": {
        "en": "Welcome back: your vacation is over and your clocks run again in your open games ({count}). Vacation days left over the year: {left}.",
        "fr": "Bon retour : vos vacances sont finies et vos horloges repartent dans vos parties en cours ({count}). Jours de vacances restants sur l'année : {left}.",
    },
    "vacation.away_public": {
        "en": "🏖️ {name} is on vacation until {until}: their clock in game #{id} stands still, and no reminder or time-out fires for them until then.",
        "fr": "🏖️ {name} est en vacances jusqu'au {until} : son horloge dans la partie n°{id} est arrêtée, et aucun rappel ni dépassement ne le vise d'ici là.",
    },
    "vacation.back_public": {
        "en": "{name} is back from vacation: their clock in game #{id} runs again.",
        "fr": "{name} est rentré de vacances : son horloge dans la partie n°{id} repart.",
    },
    "settings.show": {
        "en": "Turn alerts: {alert}. Warn me when the player before me starts: {warn}. Ask me about options that can only help (otherwise they are taken for me): {gains}.",
        "fr": "Alertes de tour : {alert}. Me prévenir quand le joueur avant moi commence : {warn}. Me demander pour les choix qui ne peuvent qu'aider (sinon ils sont pris pour moi) : {gains}.",
    },
    "settings.rated_on": {
        "en": "On leaderboards: yes (`rated:False` keeps you off them; your games are rated either way).",
        "fr": "Dans les classements : oui (`rated:False` vous en retire ; vos parties sont classées de toute façon).",
    },
    "settings.rated_off": {
        "en": "On leaderboards: no (you still see your own rating).",
        "fr": "Dans les classements : non (vous voyez toujours votre propre classement).",
    },
    "settings.alert_channel": {"en": "a mention in the game's channel", "fr": "une mention dans le salon de la partie"},
    "settings.alert_dm": {"en": "a direct message", "fr": "un message privé"},
    "settings.alert_both": {"en": "a mention and a direct message", "fr": "une mention et un message privé"},
    "settings.yes": {"en": "yes", "fr": "oui"},
    "settings.no": {"en": "no", "fr": "non"},
    "settings.dm_check": {
        "en": "Tabula will send your turn alerts here.",
        "fr": "Tabula vous enverra vos alertes de tour ici.",
    },
    "settings.dm_refused": {
        "en": "I could not send you a direct message (your privacy settings refuse it), so your alerts stay in the game's channel.",
        "fr": "Je n'ai pas pu vous envoyer de message privé (vos paramètres de confidentialité le refusent) ; vos alertes restent dans le salon de la partie.",
    },
    "settings.dm_unsure": {
        "en": "Discord did not answer when I tried to send you a direct message; your alerts will try again by DM, and reach you in the game's channel if they cannot.",
        "fr": "Discord n'a pas répondu quand j'ai essayé de vous envoyer un message privé ; vos alertes réessaieront par message privé et vous parviendront dans le salon de la partie sinon.",
    },
    "export.done": {
        "en": "The record of #{id}. Replay it with `python -m bot replay {file}`.",
        "fr": "L'enregistrement de n°{id}. Rejouez-le avec `python -m bot replay {file}`.",
    },
    "export.done_withheld": {
        "en": "The record of #{id}, without its seed: the seed would reveal every hidden card and draw of a game still open. Once it is over or aborted, its full record can be replayed.",
        "fr": "L'enregistrement de n°{id}, sans sa graine : elle révélerait toutes les cartes cachées et tous les tirages d'une partie encore ouverte. Une fois la partie finie ou abandonnée, son enregistrement complet peut être rejoué.",
    },
    "stats.empty": {"en": "No finished games in this server yet.", "fr": "Aucune partie terminée sur ce serveur pour l'instant."},
    "stats.ai_players": {"en": "AI players (counted apart):", "fr": "Joueurs IA (comptés à part) :"},
    "stats.history": {
        "en": "{name}'s ratings, after each rated game (global: every server).",
        "fr": "Classement de {name} après chaque partie classée (global : tous les serveurs).",
    },
    "stats.no_history": {"en": "{name} has no rated game yet.", "fr": "{name} n'a encore aucune partie classée."},
    "ratings.final": {"en": "Ratings: {changes}", "fr": "Classement : {changes}"},
    "ratings.change": {"en": "{name} {delta} → {rating}", "fr": "{name} {delta} → {rating}"},
    "ratings.unrated_pack": {
        "en": "Unrated: played with a component pack.",
        "fr": "Non classée : jouée avec un pack de composants.",
    },
    "leaderboard.title_server": {"en": "**{game}**: leaderboard of this server", "fr": "**{game}** : classement de ce serveur"},
    "leaderboard.title_global": {"en": "**{game}**: global leaderboard", "fr": "**{game}** : classement global"},
    "leaderboard.row": {
        "en": "{place}. {name}: **{rating}** · games {played} · wins {rate}",
        "fr": "{place}. {name} : **{rating}** · parties {played} · victoires {rate}",
    },
    "leaderboard.you": {
        "en": "You: place {place}, **{rating}** · games {played} · wins {rate}",
        "fr": "Vous : place {place}, **{rating}** · parties {played} · victoires {rate}",
    },
    "leaderboard.you_unlisted": {
        "en": "You are off the lists (`/settings rated:False`); your rating: **{rating}** · games {played}.",
        "fr": "Vous n'apparaissez pas dans les classements (`/settings rated:False`) ; votre classement : **{rating}** · parties {played}.",
    },
    "leaderboard.you_none": {
        "en": "You have no rated game of {game} here yet.",
        "fr": "Vous n'avez encore aucune partie classée de {game} ici.",
    },
    "leaderboard.empty": {
        "en": "No rated game of {game} yet: a game of two players or more, without a pack, counts once it ends.",
        "fr": "Aucune partie classée de {game} pour l'instant : une partie à deux joueurs ou plus, sans pack, compte une fois terminée.",
    },
    "leaderboard.partial": {
        "en": "Counted from the games of the channels you can see.",
        "fr": "Calculé à partir des parties des salons que vous pouvez voir.",
    },
    "leaderboard.how": {
        "en": "Rating: 1,500 + 20 × (skill − 3 × uncertainty), openskill's Plackett-Luce model; shared places are ties, a seat a stand-in took over counts last.",
        "fr": "Classement : 1 500 + 20 × (niveau − 3 × incertitude), modèle Plackett-Luce d'openskill ; les places partagées sont des égalités, une place reprise par un remplaçant compte dernière.",
    },
    "err.bad_ai": {
        "en": "`ai=` takes a count of AI players or their levels ({levels}), e.g. `ai=2` or `ai=strong,easy`: {detail}.",
        "fr": "`ai=` prend un nombre de joueurs IA ou leurs niveaux ({levels}), par ex. `ai=2` ou `ai=strong,easy` : {detail}.",
    },
    "err.bad_ai_level": {"en": "AI levels: {levels}.", "fr": "Niveaux de l'IA : {levels}."},
    "err.no_ai_seated": {"en": "No AI player is seated at this table.", "fr": "Aucun joueur IA n'est assis à cette table."},
    "lobby.ai_pick": {
        "en": "Which AI player? **easy** plays sensibly but makes mistakes; **normal** searches ahead; **strong** searches deepest (a few seconds a move).",
        "fr": "Quel joueur IA ? **facile** joue raisonnablement mais commet des erreurs ; **normale** anticipe ; **forte** anticipe le plus loin (quelques secondes par coup).",
    },
    "err.bad_scope": {"en": "The scope is `server` or `global`.", "fr": "La portée est `server` ou `global`."},
    "err.game_needed": {"en": "Which game? `/leaderboard game:<name>`.", "fr": "Quel jeu ? `/leaderboard game:<nom>`."},
    "stats.line": {
        "en": "{name}: played {played}, won {wins}, average {average} pts",
        "fr": "{name} : jouées {played}, gagnées {wins}, moyenne {average} pts",
    },
    "game.over_plain": {"en": "{game} #{id}: final scores", "fr": "{game} n°{id} : scores finaux"},
    "replay.caption": {"en": "The course of {game} #{id}, turn by turn.", "fr": "Le déroulement de {game} n°{id}, tour par tour."},
    "thread.lost": {
        "en": "I can no longer post in {thread} (deleted, locked or archived): game #{id} is paused and its clocks are stopped. It resumes by itself when a moderator unlocks or reopens the thread; or its creator can end it with `/game abort game:{id}`.",
        "fr": "Je ne peux plus publier dans {thread} (supprimé, verrouillé ou archivé) : la partie n°{id} est en pause et ses horloges sont arrêtées. Elle reprend d'elle-même quand un modérateur déverrouille ou rouvre le fil ; son créateur peut aussi la terminer avec `/game abort game:{id}`.",
    },
    "thread.back": {
        "en": "{thread} works again: game #{id} resumes there, and its clocks run again.",
        "fr": "{thread} fonctionne de nouveau : la partie n°{id} y reprend, et ses horloges repartent.",
    },
    "game.outbox_waiting": {
        "en": "⏳ Posts of this game are waiting to be delivered ({count}, since {since}): Discord did not take them yet. They are retried until it does, in order; nothing is lost.",
        "fr": "⏳ Des messages de cette partie attendent d'être remis ({count}, depuis {since}) : Discord ne les a pas encore acceptés. Ils sont renvoyés jusqu'à ce qu'il les accepte, dans l'ordre ; rien n'est perdu.",
    },
    "thread.resumed": {"en": "The game resumes.", "fr": "La partie reprend."},
    "mygames.lost": {
        "en": "⚠ paused: its thread or channel cannot be posted in",
        "fr": "⚠ en pause : impossible de publier dans son fil ou son salon",
    },
    "rules.topics": {"en": "Topics: {topics}", "fr": "Sujets : {topics}"},
    "options.none": {"en": "defaults", "fr": "par défaut"},
    "hand.title": {"en": "Your private view of #{id}", "fr": "Votre vue privée de n°{id}"},
    "board.caption": {"en": "{game} #{id} · {summary}", "fr": "{game} n°{id} · {summary}"},
    "locale.set": {
        "en": "Public game posts and images in this server now use: {locale} (auto: each game's creator's language).",
        "fr": "Les messages et images publics des parties de ce serveur utilisent maintenant : {locale} (auto : la langue du créateur de chaque partie).",
    },
    # --- local table ------------------------------------------------------------------------
    "table.welcome": {
        "en": "Tabula local table: no DISCORD_TOKEN, so you are playing offline in this terminal.\nType `help` for commands, `as <name>` to switch player. Images are written to {dir}.",
        "fr": "Table locale Tabula : pas de DISCORD_TOKEN, vous jouez hors ligne dans ce terminal.\nTapez `help` pour les commandes, `as <nom>` pour changer de joueur. Les images sont écrites dans {dir}.",
    },
    "table.help": {
        "en": "Commands: as <name> · new <game> [key=value…] [pack=name] [clock=3d+1d] · join · add ai [easy|normal|strong] · remove ai · leave [yes] · start [solo] · abort [yes] (the creator only: a table has no moderators here) · list · board [player] · status · log [page] · play <move> · turn · options · undo · confirm · hand · skip <player> · rules <game> [topic] · mygames · settings [channel|dm|both] [warn=yes|no] [gains=ask|take] [private=dm|here] [vacation=days] [rated=yes|no] · stats [game] · stats player <name> · leaderboard <game> [server|global] · replay · export · repair <n> export|abort · quit",
        "fr": "Commandes : as <nom> · new <jeu> [clé=valeur…] [pack=nom] [clock=3d+1d] · join · add ai [easy|normal|strong] · remove ai · leave [yes] · start [solo] · abort [yes] (le créateur seulement : une table n'a pas de modérateur ici) · list · board [joueur] · status · log [page] · play <coup> · turn · options · undo · confirm · hand · skip <joueur> · rules <jeu> [sujet] · mygames · settings [channel|dm|both] [warn=yes|no] [gains=ask|take] [private=dm|here] [vacation=jours] [rated=yes|no] · stats [jeu] · stats player <nom> · leaderboard <jeu> [server|global] · replay · export · repair <n> export|abort · quit",
    },
    "table.dm": {"en": "(direct message to {name}) {text}", "fr": "(message privé à {name}) {text}"},
    "table.now": {"en": "You are now {name}.", "fr": "Vous êtes maintenant {name}."},
    "table.unknown": {"en": "Unknown command '{cmd}'. Type `help`.", "fr": "Commande inconnue « {cmd} ». Tapez `help`."},
    "table.image": {"en": "[image] {path}", "fr": "[image] {path}"},
    "table.record": {"en": "[record] {path}", "fr": "[enregistrement] {path}"},
    "table.abort_yes": {"en": "Type `abort yes` to confirm.", "fr": "Tapez `abort yes` pour confirmer."},
    "table.bye": {"en": "Goodbye: games are saved in {db}.", "fr": "Au revoir : les parties sont enregistrées dans {db}."},
    "token.missing": {
        "en": "No DISCORD_TOKEN set: starting the local table. To run on Discord, put your bot token in .env (see README).",
        "fr": "Pas de DISCORD_TOKEN : lancement de la table locale. Pour Discord, mettez le jeton du bot dans .env (voir README).",
    },
    "token.invalid": {
        "en": "Discord refused the token (DISCORD_TOKEN). Reset it in the Developer Portal (Bot tab), paste it into .env, and start again.",
        "fr": "Discord a refusé le jeton (DISCORD_TOKEN). Régénérez-le dans le portail développeur (onglet Bot), collez-le dans .env et relancez.",
    },
    # --- start-up failures and the local table (bot/__main__.py, bot/local_table.py) ----------
    "token.unreachable": {
        "en": "Cannot reach Discord ({error}). Check this machine's internet connection, DNS and any proxy or firewall, then start again.",
        "fr": "Impossible de joindre Discord ({error}). Vérifiez la connexion internet de cette machine, le DNS et tout proxy ou pare-feu, puis relancez.",
    },
    "token.discord_down": {
        "en": "Discord did not let the bot connect ({error}). This is usually an outage on Discord's side (https://discordstatus.com): start again later.",
        "fr": "Discord n'a pas laissé le bot se connecter ({error}). C'est en général une panne chez Discord (https://discordstatus.com) : relancez plus tard.",
    },
    "token.discord_refused": {
        "en": "Discord refused a request while the bot was starting ({error}). If SYNC_GUILD_ID is set, check the bot was added to that server; otherwise start again in a few minutes.",
        "fr": "Discord a refusé une requête au démarrage du bot ({error}). Si SYNC_GUILD_ID est défini, vérifiez que le bot a été ajouté à ce serveur ; sinon relancez dans quelques minutes.",
    },
    "table.help_slash": {
        "en": "Discord's forms work too: `/game new minerva`, `/play move:build`. Game names ignore case, and a part of one will do (`magna`, `duel`).",
        "fr": "Les formes de Discord marchent aussi : `/game new minerva`, `/play move:build`. Les noms de jeux ignorent la casse, et une partie du nom suffit (`magna`, `duel`).",
    },
    "table.unexpected": {
        "en": "! That command failed unexpectedly ({error}); nothing else is affected, the table goes on. LOG_LEVEL=DEBUG shows the details.",
        "fr": "! Cette commande a échoué de façon inattendue ({error}) ; rien d'autre n'est touché, la table continue. LOG_LEVEL=DEBUG montre les détails.",
    },
}


def lang_for(locale: str | None, default: str = "en") -> str:
    """Catalog language for a Discord locale string ('fr', 'en-US', 'en-GB'...)."""
    if not locale:
        return default
    base = str(locale).split("-")[0].lower()
    return base if base in LANGS else default


class Both(NamedTuple):
    """A field value that exists in both languages (an engine's message): `t` picks the reader's."""

    en: str
    fr: str


@dataclass(frozen=True)
class CommandLinks:
    """Slash command ids by top-level name and the French word of each command and subcommand,
    once Discord has them: texts that name a command then show it as a clickable mention
    (`</game new:ID>`), localised like the command itself. Empty on the local table and before
    the sync, where commands stay plain code."""

    ids: Mapping[str, int] = field(default_factory=dict)
    words_fr: Mapping[str, str] = field(default_factory=dict)

    def word(self, w: str, lang: str) -> str:
        return self.words_fr.get(w, w) if lang == "fr" else w


# The links texts use: replaced whole by the client after each command sync (never mutated), so
# a reader sees one sync's ids or the other's.
_links = CommandLinks()
_COMMAND = re.compile(r"`/([a-z]+)(?: ([a-z]+))?((?: [^`]*)?)`")


def use_command_links(links: CommandLinks) -> None:
    global _links
    _links = links


def command_links() -> CommandLinks:
    return _links


def link_commands(text: str, lang: str, links: CommandLinks | None = None) -> str:
    """`/game new` in a text becomes a clickable command mention in the reader's language, any
    arguments after it staying as code (`</game abort:ID> `game:4``); `links` defaults to the
    last sync's."""
    known = _links if links is None else links

    def mention(m: re.Match[str]) -> str:
        root, sub, rest = m[1], m[2], m[3]
        if root not in known.ids:
            return m[0]
        name = known.word(root, lang) + (f" {known.word(sub, lang)}" if sub else "")
        tail = rest.strip()
        if tail and lang == "fr":
            tail = re.sub(r"^([a-z_]+):", lambda a: known.word(a[1], lang) + ":", tail)
        return f"</{name}:{known.ids[root]}>" + (f" `{tail}`" if tail else "")

    return _COMMAND.sub(mention, text)


def t(key: str, lang: str = "en", **fields: object) -> str:
    entry = CATALOG[key]
    fields = {k: pick(v.en, v.fr, lang) if isinstance(v, Both) else v for k, v in fields.items()}
    return link_commands(entry.get(lang, entry["en"]).format(**fields), lang)


def pick(en: str, fr: str, lang: str) -> str:
    """Choose between an engine's English and French text."""
    return fr if lang == "fr" and fr else en
