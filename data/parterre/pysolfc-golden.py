#!/usr/bin/env python3
"""Writes pysolfc-golden.json: the layouts PySolFC deals for Flower Garden (its game 222), made by
PySolFC's own code. This file holds none of PySolFC's code: it imports PySolFC and pysol_cards
from the trees named on the command line, builds the game's stacks with PySolFC's createGame,
and for every number runs PySolFC's construct_random, Game.shuffle and FlowerGarden.startGame.
What it stubs is the display: a canvas, fonts and images that nothing here draws, and the face of
a card (whether it is up).

    git -C PySolFC archive COMMIT pysollib | tar -x -C /tmp/pysolfc
    git -C pysol_cards archive COMMIT code/pysol_cards | tar -x -C /tmp/pysol_cards
    python3 data/parterre/pysolfc-golden.py /tmp/pysolfc /tmp/pysol_cards/code \\
        PYSOLFC_COMMIT PYSOL_CARDS_COMMIT > data/parterre/pysolfc-golden.json

Standard library only (Python 3.11); tkinter is imported by PySolFC but never opened."""

import json
import random
import sys

pysolfc_dir, cards_dir, pysolfc_commit, cards_commit = sys.argv[1:5]
sys.path[:0] = [cards_dir, pysolfc_dir]

import pysollib.games.klondike  # noqa: E402,F401  (registers game 222)
import pysollib.stack  # noqa: E402
from pysol_cards import VERSION as CARDS_VERSION  # noqa: E402
from pysollib.acard import AbstractCard  # noqa: E402
from pysollib.gamedb import GAME_DB  # noqa: E402
from pysollib.hint import Base_Solver_Hint  # noqa: E402
from pysollib.pysolrandom import construct_random  # noqa: E402


class Stub(int):
    """Whatever the display would give: a zero that answers any attribute or call."""

    def __new__(cls, v=0):
        return int.__new__(cls, v)

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return Stub()

    def __call__(self, *a, **k):
        return Stub()

    def __getitem__(self, k):
        return Stub(10)

    def __iter__(self):
        return iter(())


class HeadlessCard(AbstractCard):
    """A card without a picture: only whether its face is up."""

    def showFace(self, unhide=1):  # noqa: N802
        self.face_up = 1

    def showBack(self, unhide=1):  # noqa: N802
        self.face_up = 0

    def updateCardBackground(self, image):  # noqa: N802
        pass


class Images:
    CARDW = CARDH = 100
    CARD_XOFFSET = CARD_YOFFSET = 20
    SHADOW_XOFFSET = SHADOW_YOFFSET = 0


pysollib.stack.MfxCanvasGroup = Stub
INFO = GAME_DB.get(222)
assert INFO.name == 'Flower Garden', INFO.name
NAMES = Base_Solver_Hint(None, None, base_rank=0)


def new_game():
    game = INFO.gameclass(INFO)
    app = Stub()
    app.__dict__['images'] = Images()
    game.app = app
    game.canvas = Stub()
    game.texts = Stub()
    game.createGame()
    game.allstacks = tuple(game.allstacks)

    def card(id, deck, suit, rank, x, y):
        c = HeadlessCard(id, deck, suit, rank, game=game, x=x, y=y)
        c.item = Stub()
        return c

    game._createCard = card
    game.cards = game.createCards()
    assert len(game.s.rows) == 6 and len(game.s.reserves) == 16
    return game


def deal(game, text):
    """What Game.newGame does up to the first move, for the number as the player types it."""
    rng = construct_random(text)
    game.reset()
    game.resetGame()
    game.createRandom(rng)
    game.shuffle()
    game.startGame()
    names = lambda stack: [NAMES.card2str1(c) for c in stack.cards]  # noqa: E731
    assert not game.s.talon.cards and all(c.face_up for c in game.cards)
    return {
        'number': text,
        'generator': type(rng).__name__,
        'shown': game.getGameNumber(format=1),
        'columns': [' '.join(names(r)) for r in game.s.rows],
        'bouquet': ' '.join(n for r in game.s.reserves for n in names(r)),
    }


def spread():
    """The numbers: each boundary, its neighbours, and a seeded sample between them."""
    r = random.Random(20261206)
    plain = set(range(1, 51)) | {31990 + i for i in range(21)} | {100, 1000, 10000, 12345}
    plain |= {2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32, 2**32 + 1, 2**53 - 1, 2**53, 2**53 + 1}
    plain |= {2**64 - 1, 2**64, 2**64 + 1, 10**16, 10**20 - 1, 10**20, 10**20 + 1, 10**30}
    plain |= {r.randrange(51, 31990) for _ in range(100)}
    plain |= {r.randrange(32011, 2**32 - 1) for _ in range(60)}
    plain |= {r.randrange(2**32 + 2, 10**20 - 1) for _ in range(60)}
    ms = {1, 2, 31999, 32000, 32001, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32, 2**32 + 1, 2**33 - 1}
    ms |= {r.randrange(32002, 2**33 - 1) for _ in range(20)}
    # As a player may copy them from PySolFC: "#" first, zero-padded.
    shown = ['ms00042', '#42', '#00000000000000032000', '00000000000000012345']
    return [str(n) for n in sorted(plain)] + [f'ms{n}' for n in sorted(ms)] + shown


def refused(text):
    try:
        construct_random(text)
    except ValueError as e:
        return str(e)
    return None


def main():
    game = new_game()
    deals = [deal(game, t) for t in spread()]
    bad = ['0', 'ms0', f'ms{2**33}', '00000']
    doc = {
        'what': 'PySolFC Flower Garden (game 222) deals, made by PySolFC: data/parterre/pysolfc-golden.py',
        'pysolfc': {'repository': 'https://github.com/shlomif/PySolFC', 'commit': pysolfc_commit},
        'pysol_cards': {
            'repository': 'https://github.com/shlomif/pysol_cards',
            'commit': cards_commit,
            'version': '.'.join(map(str, CARDS_VERSION)),
        },
        'python': sys.version.split()[0],
        'order': 'columns left to right, each bottom card first; the bouquet in reserve order (row by row)',
        'deals': deals,
        'refused': [{'number': t, 'error': refused(t)} for t in bad],
    }
    json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write('\n')


main()
