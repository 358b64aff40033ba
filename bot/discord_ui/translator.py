"""French names and descriptions of the slash commands (discord.py's Translator)."""

from __future__ import annotations

import discord
from discord import app_commands

FRENCH: dict[str, str] = {
    "Play a board game in this channel": "Jouer à un jeu de plateau dans ce salon",
    "Open a table for a game in this channel": "Ouvrir une table de jeu dans ce salon",
    "Which game": "Quel jeu",
    "Variants as key=value, e.g. solo_level=2": "Variantes sous la forme clé=valeur, par ex. solo_level=2",
    "Open the table in a new thread": "Ouvrir la table dans un nouveau fil",
    "Start the game (creator)": "Lancer la partie (créateur)",
    "Leave the table; in a started game, a stand-in takes your seat": "Quitter la table ; dans une partie commencée, un remplaçant prend votre place",
    "A game number, to reach a game from another channel (its thread is gone)": "Un numéro de partie, pour l'atteindre depuis un autre salon (son fil a disparu)",
    "Abort the game (creator or moderator)": "Abandonner la partie (créateur ou modérateur)",
    "A game that needs repair: export its record or abort it (creator or moderator)": "Une partie à réparer : exporter son enregistrement ou l'abandonner (créateur ou modérateur)",
    "The game's number": "Le numéro de la partie",
    "Send my private view (hand, secret choices) by DM at the start of each of my turns": "M'envoyer ma vue privée (main, choix secrets) en message privé au début de chacun de mes tours",
    "What to do": "Que faire",
    "Export its record": "Exporter son enregistrement",
    "Abort it": "L'abandonner",
    "Games in this server": "Parties sur ce serveur",
    "Show the board, or one player's area": "Afficher le plateau, ou la zone d'un joueur",
    "A player's name or seat number": "Nom ou numéro de place d'un joueur",
    "Round, whose turn, scores so far": "Manche, à qui le tour, scores provisoires",
    "What happened, page by page": "Ce qui s'est passé, page par page",
    "Page number (default: the latest)": "Numéro de page (par défaut : la dernière)",
    "Open your private turn panel": "Ouvrir votre panneau de tour privé",
    "Take back your last step of this turn": "Reprendre votre dernière action de ce tour",
    "Set this server's language for Tabula": "Choisir la langue de Tabula sur ce serveur",
    "Language": "Langue",
    "Play a move by typing its notation": "Jouer un coup en tapant sa notation",
    "Option codes separated by spaces": "Codes des choix séparés par des espaces",
    "Your private information in this game": "Vos informations privées dans cette partie",
    "A short summary of a game's rules": "Un résumé des règles d'un jeu",
    "Topic": "Sujet",
    "Time bank per player + time per turn, e.g. 3d+1d; none for no limit": "Réserve de temps par joueur + temps par tour, par ex. 3d+1d ; none pour sans limite",
    "Download a finished game's full record (JSON)": "Télécharger l'enregistrement complet d'une partie terminée (JSON)",
    "Your games in every server, waiting on you first": "Vos parties sur tous les serveurs, celles qui vous attendent d'abord",
    "How Tabula tells you it is your turn": "Comment Tabula vous prévient que c'est votre tour",
    "Where turn alerts go": "Où vont les alertes de tour",
    "Also warn me when the player before me starts": "Me prévenir aussi quand le joueur avant moi commence",
    "Finished games of this server: games, wins, average score": "Parties terminées de ce serveur : parties, victoires, score moyen",
    "Only this game": "Seulement ce jeu",
    "stats": "stats",
    "The game's course as an animated image": "Le déroulement de la partie en image animée",
    "replay": "revoir",
    "clock": "horloge",
    "alert": "alerte",
    "warn_before": "prevenir_avant",
    "ask_gains": "demander_gains",
    "Ask me about options that can only help, instead of taking them for me": "Me demander pour les choix qui ne peuvent qu'aider, au lieu de les prendre pour moi",
    "export": "exporter",
    "mygames": "mesparties",
    "settings": "reglages",
    "game": "jeu",
    "options": "options",
    "thread": "fil",
    "player": "joueur",
    "page": "page",
    "move": "coup",
    "topic": "sujet",
    "language": "langue",
    "new": "nouvelle",
    "start": "lancer",
    "leave": "quitter",
    "abort": "abandonner",
    "list": "liste",
    "board": "plateau",
    "status": "etat",
    "log": "journal",
    "turn": "tour",
    "undo": "annuler",
    "play": "jouer",
    "hand": "main",
    "rules": "regles",
}


class Translator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is discord.Locale.french:
            return FRENCH.get(string.message)
        return None
