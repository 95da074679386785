"""The engine's words: cards, piles, refusals, moves, Stop rulings, results and input errors.

Codes (every one in English and Russian):

- ``card.QH``: a card for people (``Q♥``, in Russian ``Д♥``); the deck is not named.
- ``pile.<kind>.<own|opp|player>``: a pile seen from a viewer's side of the table
  (``your pile 3``, ``the opponent's pile 7``, ``the opponent's waste``, ``player A's reserve``),
  with the forms ``from``, ``to`` and ``at`` (Russian also ``nom``/``gen``/``acc``) the move texts
  need; tableau piles are numbered as the viewer's screen labels them (own 1-4, the opponent's
  5-8); ``pile.foundation``: the foundations.
- ``refuse.<rule>.<reason>``: why a move may not be played, one code per rule and reason.
- ``move.*``: a move in words; ``stop.*``: a Stop ruling; ``result.*``, ``end.*``: the end of a game.
- ``error.*``: bad input (cards, moves, options, positions, records).
"""

from __future__ import annotations

from collections.abc import Mapping

Entry = str | Mapping[str, str]

_RANKS_EN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANKS_RU = ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
_SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))
_RANK_CHARS = "A23456789TJQK"


def _cards(ranks: tuple[str, ...]) -> dict[str, Entry]:
    return {f"card.{_RANK_CHARS[r]}{s}": ranks[r] + symbol for r in range(13) for s, symbol in _SUITS}


EN: dict[str, Entry] = {
    **_cards(_RANKS_EN),
    "cards.list": "{first} {rest}",
    # ------------------------------------------------------------------ piles
    "pile.tableau.own": {
        "nom": "your pile {n}",
        "from": "from your pile {n}",
        "to": "to your pile {n}",
        "at": "on your pile {n}",
    },
    "pile.tableau.opp": {
        "nom": "the opponent's pile {n}",
        "from": "from the opponent's pile {n}",
        "to": "to the opponent's pile {n}",
        "at": "on the opponent's pile {n}",
    },
    "pile.tableau.player": {
        "nom": "{player}'s pile {n}",
        "from": "from {player}'s pile {n}",
        "to": "to {player}'s pile {n}",
        "at": "on {player}'s pile {n}",
    },
    "pile.reserve.own": {
        "nom": "your reserve",
        "from": "from your reserve",
        "to": "to your reserve",
        "at": "on your reserve",
    },
    "pile.reserve.opp": {
        "nom": "the opponent's reserve",
        "from": "from the opponent's reserve",
        "to": "to the opponent's reserve",
        "at": "on the opponent's reserve",
    },
    "pile.reserve.player": {
        "nom": "{player}'s reserve",
        "from": "from {player}'s reserve",
        "to": "to {player}'s reserve",
        "at": "on {player}'s reserve",
    },
    "pile.waste.own": {
        "nom": "your waste",
        "from": "from your waste",
        "to": "to your waste",
        "at": "on your waste",
    },
    "pile.waste.opp": {
        "nom": "the opponent's waste",
        "from": "from the opponent's waste",
        "to": "to the opponent's waste",
        "at": "on the opponent's waste",
    },
    "pile.waste.player": {
        "nom": "{player}'s waste",
        "from": "from {player}'s waste",
        "to": "to {player}'s waste",
        "at": "on {player}'s waste",
    },
    "pile.stock.own": {
        "nom": "your stock",
        "from": "from your stock",
        "to": "to your stock",
        "at": "on your stock",
    },
    "pile.stock.opp": {
        "nom": "the opponent's stock",
        "from": "from the opponent's stock",
        "to": "to the opponent's stock",
        "at": "on the opponent's stock",
    },
    "pile.stock.player": {
        "nom": "{player}'s stock",
        "from": "from {player}'s stock",
        "to": "to {player}'s stock",
        "at": "on {player}'s stock",
    },
    "pile.hand.own": {
        "nom": "your hand",
        "from": "from your hand",
        "to": "to your hand",
        "at": "in your hand",
    },
    "pile.hand.opp": {
        "nom": "the opponent's hand",
        "from": "from the opponent's hand",
        "to": "to the opponent's hand",
        "at": "in the opponent's hand",
    },
    "pile.hand.player": {
        "nom": "{player}'s hand",
        "from": "from {player}'s hand",
        "to": "to {player}'s hand",
        "at": "in {player}'s hand",
    },
    "pile.foundation": {
        "nom": "the foundations",
        "from": "from a foundation",
        "to": "to a foundation",
        "at": "on the foundations",
    },
    # --------------------------------------------------------------- refusals
    "refuse.D1.game_over": "the game is over",
    "refuse.S1.game_over": "the game is over",
    "refuse.S1.strict": "Stop! is not part of this game: in strict mode a move out of order is simply not allowed",
    "refuse.S2.unfounded": "unfounded Stop!: no rule of order has been broken in this turn",
    "refuse.S-6.no_pass": "there is no pass in the one-deck game",
    "refuse.R7.pass_with_hand": "you hold a card in your hand: place it or discard it",
    "refuse.R7.pass_can_draw": "you can still draw, so you may not pass",
    "refuse.R7.draw_with_hand": "you already hold {card}: place it or discard it before you draw again",
    "refuse.R7.nothing_to_draw": "your stock and waste are empty: there is nothing to draw (pass instead)",
    "refuse.R7.into_hand": "only a draw puts a card into your hand",
    "refuse.R5a.from_foundation": "cards never leave a foundation",
    "refuse.R4.from_waste": "waste cards are never available",
    "refuse.R4.opp_reserve": "the opponent's reserve is never available to you",
    "refuse.R4.from_stock": "stock cards are face down: draw to turn one into your hand",
    "refuse.R4.reserve_empty": "your reserve is empty",
    "refuse.R4.reserve_down": "your reserve top is face down",
    "refuse.R4.no_hand": "you hold no card in your hand (draw first)",
    "refuse.R4.pile_empty": "{pile} is empty",
    "refuse.S-1.no_reserve": "the one-deck game has no reserve",
    "refuse.S-1.no_foundation": "the one-deck game has no foundations",
    "refuse.R5e.onto_stock": "cards are never played onto a stock",
    "refuse.R5e.own_reserve": "you may never play onto your own reserve",
    "refuse.R5e.own_waste": "only the card in your hand may go onto your own waste (the discard)",
    "refuse.R5e.opp_reserve_empty": "the opponent's reserve is empty",
    "refuse.R5e.opp_reserve_down": "the opponent's reserve top is face down",
    "refuse.R5e.opp_waste_empty": "the opponent's waste is empty",
    "refuse.S-6.discard_space": "you may not discard (end the turn) while a space is open: fill it from your hand",
    "refuse.R5a.no_empty": "{card}: there is no empty foundation for it",
    "refuse.R5a.needs": "{card} goes to a foundation only onto {lower}",
    "refuse.S-5.no_reserve": "the one-deck game has no reserve to load",
    "refuse.S-5.hand_only": "only the card in your hand may be loaded onto the opponent's waste",
    "refuse.R5d.load": "{card} does not load on {target}: the same suit, one rank up or down",
    "refuse.S-5.load": (
        "{card} does not load on {target}: the same suit, one rank up or down (King and Ace are neighbours)"
    ),
    "refuse.S-3.not_laid": "{pile} is not laid out yet",
    "refuse.S-4.build": (
        "{card} does not go on {target}: the same suit, one rank up or down (King and Ace are neighbours)"
    ),
    "refuse.R5b.king": "{card}: a King joins the tableau only in a space",
    "refuse.R5b.alternate": "{card} does not go on {target}: one rank lower and the opposite colour",
    "refuse.R5b.suited": "{card} does not go on {target}: one rank lower and the same suit",
    "refuse.O1": "a card can go to a foundation, so the next move must be a foundation move",
    "refuse.O2": "your reserve top can go to a foundation, so it must go there before any tableau card",
    "refuse.O3": "while your reserve lasts, the card in your hand may not go into a space",
    "refuse.O4": "while your reserve lasts, you may not draw or pass with a space open",
    # the rules of order as statements (for Stop rulings)
    "rule.O1": "while any card can go to a foundation, the next move must go there",
    "rule.O2": "the reserve top goes to a foundation before any tableau card does",
    "rule.O3": "while the reserve lasts, the hand card may not go into a space",
    "rule.O4": "while the reserve lasts, no draw and no pass with a space open",
    # ------------------------------------------------------------------ moves
    "move.foundation": "{card} {src:from} to a foundation",
    "move.tableau": "{card} {src:from} {dst:to}",
    "move.load": "load {card} {src:from} on {dst}",
    "move.draw": "draw {card}",
    "move.draw_unknown": "draw a card",
    "move.recycle": "{waste} is turned over as the stock",
    "move.discard": "discard {card} (the turn ends)",
    "move.pass": "pass (nothing to draw; the turn ends)",
    "move.resign.own": "you resign",
    "move.resign.opp": "the opponent resigns",
    "move.resign.player": "{player} resigns",
    "move.agree": "a draw is agreed",
    "move.stop.own": "you call Stop!",
    "move.stop.opp": "the opponent calls Stop!",
    "move.stop.player": "{player} calls Stop!",
    "move.flip": "{card} is turned up {pile:at}",
    "move.lay_out.own": "you lay out {cards}",
    "move.lay_out.opp": "the opponent lays out {cards}",
    "move.lay_out.player": "{player} lays out {cards}",
    "move.then": "{first}; {then}",
    # ------------------------------------------------------------ Stop rulings
    "stop.upheld": "Stop! called by {caller}: {move} broke rule {rule}: {reason}. {penalty}",
    "stop.upheld_hand": "Stop! called by {caller}: {move} broke rule {rule}: {reason}. {penalty} {hand}",
    "stop.move.own": "your move {index} ({move})",
    "stop.move.opp": "the opponent's move {index} ({move})",
    "stop.move.player": "{player}'s move {index} ({move})",
    "stop.annul": "{n|# move is|# moves are} taken back, and the turn passes to {caller}.",
    "stop.stand": "The moves stand, and the turn passes to {caller}.",
    "stop.hand": "{card} goes from the hand {waste:to}.",
    "stop.then": "{ruling} Then {start}.",
    # --------------------------------------------------------------- results
    "result.won.own": "You won",
    "result.won.opp": "You lost",
    "result.won.player": "{player:cap} won",
    "result.drawn": "Drawn",
    "result.outcome": "{headline}: {how}. {score}",
    "result.outcome_draw": "{headline}: {how}.",
    "end.win.own": "you have played every card of your reserve, stock, waste and hand",
    "end.win.opp": "the opponent has played every card of reserve, stock, waste and hand",
    "end.win.player": "{player} has played every card of reserve, stock, waste and hand",
    "end.win_single.own": "you have played every card of your stack, waste and hand",
    "end.win_single.opp": "the opponent has played every card of stack, waste and hand",
    "end.win_single.player": "{player} has played every card of stack, waste and hand",
    "end.resignation.own": "you resigned",
    "end.resignation.opp": "the opponent resigned",
    "end.resignation.player": "{player} resigned",
    "end.agreed": "both players agreed a draw",
    "end.repetition": "the position at the start of a turn occurred for the third time",
    "end.no_progress": "{n|# turn|# turns} in a row without a card going to a foundation",
    "end.no_progress_single": "{n|# turn|# turns} in a row without a card from the hand placed on the tableau",
    "result.score": (
        "{total|# point|# points}: bonus {bonus} + {reserve|# reserve card|# reserve cards} × 2"
        " + {sw|# stock and waste card|# stock and waste cards}"
    ),
    "result.score_hand": (
        "{total|# point|# points}: bonus {bonus} + {reserve|# reserve card|# reserve cards} × 2"
        " + {sw|# stock and waste card|# stock and waste cards} + {hand|# hand card|# hand cards}"
    ),
    "result.score_single": "{total|# point|# points}: {sw|# card|# cards} left in the loser's stack and waste",
    "result.score_single_hand": (
        "{total|# point|# points}: {sw|# card|# cards} left in the loser's stack and waste"
        " + {hand|# hand card|# hand cards}"
    ),
}

RU: dict[str, Entry] = {
    **_cards(_RANKS_RU),
    "cards.list": "{first} {rest}",
    # ------------------------------------------------------------------ piles
    "pile.tableau.own": {
        "nom": "ваша стопка {n}",
        "gen": "вашей стопки {n}",
        "acc": "вашу стопку {n}",
        "from": "с вашей стопки {n}",
        "to": "на вашу стопку {n}",
        "at": "на вашей стопке {n}",
    },
    "pile.tableau.opp": {
        "nom": "стопка {n} соперника",
        "gen": "стопки {n} соперника",
        "acc": "стопку {n} соперника",
        "from": "со стопки {n} соперника",
        "to": "на стопку {n} соперника",
        "at": "на стопке {n} соперника",
    },
    "pile.tableau.player": {
        "nom": "стопка {n} {player:gen}",
        "gen": "стопки {n} {player:gen}",
        "acc": "стопку {n} {player:gen}",
        "from": "со стопки {n} {player:gen}",
        "to": "на стопку {n} {player:gen}",
        "at": "на стопке {n} {player:gen}",
    },
    "pile.reserve.own": {
        "nom": "ваш резерв",
        "gen": "вашего резерва",
        "acc": "ваш резерв",
        "from": "с вашего резерва",
        "to": "на ваш резерв",
        "at": "на вашем резерве",
    },
    "pile.reserve.opp": {
        "nom": "резерв соперника",
        "gen": "резерва соперника",
        "acc": "резерв соперника",
        "from": "с резерва соперника",
        "to": "на резерв соперника",
        "at": "на резерве соперника",
    },
    "pile.reserve.player": {
        "nom": "резерв {player:gen}",
        "gen": "резерва {player:gen}",
        "acc": "резерв {player:gen}",
        "from": "с резерва {player:gen}",
        "to": "на резерв {player:gen}",
        "at": "на резерве {player:gen}",
    },
    "pile.waste.own": {
        "nom": "ваш сброс",
        "gen": "вашего сброса",
        "acc": "ваш сброс",
        "from": "с вашего сброса",
        "to": "на ваш сброс",
        "at": "на вашем сбросе",
    },
    "pile.waste.opp": {
        "nom": "сброс соперника",
        "gen": "сброса соперника",
        "acc": "сброс соперника",
        "from": "со сброса соперника",
        "to": "на сброс соперника",
        "at": "на сбросе соперника",
    },
    "pile.waste.player": {
        "nom": "сброс {player:gen}",
        "gen": "сброса {player:gen}",
        "acc": "сброс {player:gen}",
        "from": "со сброса {player:gen}",
        "to": "на сброс {player:gen}",
        "at": "на сбросе {player:gen}",
    },
    "pile.stock.own": {
        "nom": "ваша колода",
        "gen": "вашей колоды",
        "acc": "вашу колоду",
        "from": "из вашей колоды",
        "to": "на вашу колоду",
        "at": "на вашей колоде",
    },
    "pile.stock.opp": {
        "nom": "колода соперника",
        "gen": "колоды соперника",
        "acc": "колоду соперника",
        "from": "из колоды соперника",
        "to": "на колоду соперника",
        "at": "на колоде соперника",
    },
    "pile.stock.player": {
        "nom": "колода {player:gen}",
        "gen": "колоды {player:gen}",
        "acc": "колоду {player:gen}",
        "from": "из колоды {player:gen}",
        "to": "на колоду {player:gen}",
        "at": "на колоде {player:gen}",
    },
    "pile.hand.own": {
        "nom": "ваша рука",
        "gen": "вашей руки",
        "acc": "вашу руку",
        "from": "из вашей руки",
        "to": "в вашу руку",
        "at": "в вашей руке",
    },
    "pile.hand.opp": {
        "nom": "рука соперника",
        "gen": "руки соперника",
        "acc": "руку соперника",
        "from": "из руки соперника",
        "to": "в руку соперника",
        "at": "в руке соперника",
    },
    "pile.hand.player": {
        "nom": "рука {player:gen}",
        "gen": "руки {player:gen}",
        "acc": "руку {player:gen}",
        "from": "из руки {player:gen}",
        "to": "в руку {player:gen}",
        "at": "в руке {player:gen}",
    },
    "pile.foundation": {
        "nom": "базы",
        "gen": "баз",
        "acc": "базы",
        "from": "с базы",
        "to": "на базу",
        "at": "на базах",
    },
    # --------------------------------------------------------------- refusals
    "refuse.D1.game_over": "партия окончена",
    "refuse.S1.game_over": "партия окончена",
    "refuse.S1.strict": "в этой партии нет «Стоп!»: в строгом режиме ход не по порядку просто не допускается",
    "refuse.S2.unfounded": "«Стоп!» необоснован: в этом ходу правила порядка не нарушены",
    "refuse.S-6.no_pass": "в игре одной колодой паса нет",
    "refuse.R7.pass_with_hand": "у вас карта в руке: положите её или сбросьте",
    "refuse.R7.pass_can_draw": "вы ещё можете взять карту из колоды, поэтому пасовать нельзя",
    "refuse.R7.draw_with_hand": "у вас в руке уже {card}: положите или сбросьте её, прежде чем брать снова",
    "refuse.R7.nothing_to_draw": "ваши колода и сброс пусты: брать нечего (можно пасовать)",
    "refuse.R7.into_hand": "в руку карта попадает только из колоды",
    "refuse.R5a.from_foundation": "карты с баз не уходят",
    "refuse.R4.from_waste": "карты сброса никогда не играют",
    "refuse.R4.opp_reserve": "резерв соперника вам недоступен",
    "refuse.R4.from_stock": "карты колоды лежат рубашкой вверх: возьмите карту, чтобы открыть её в руку",
    "refuse.R4.reserve_empty": "ваш резерв пуст",
    "refuse.R4.reserve_down": "верхняя карта вашего резерва закрыта",
    "refuse.R4.no_hand": "у вас нет карты в руке (сначала возьмите её из колоды)",
    "refuse.R4.pile_empty": "{pile} пуста",
    "refuse.S-1.no_reserve": "в игре одной колодой нет резерва",
    "refuse.S-1.no_foundation": "в игре одной колодой нет баз",
    "refuse.R5e.onto_stock": "на колоду карты не кладут",
    "refuse.R5e.own_reserve": "на свой резерв класть нельзя",
    "refuse.R5e.own_waste": "на свой сброс идёт только карта из руки (это и есть сброс)",
    "refuse.R5e.opp_reserve_empty": "резерв соперника пуст",
    "refuse.R5e.opp_reserve_down": "верхняя карта резерва соперника закрыта",
    "refuse.R5e.opp_waste_empty": "сброс соперника пуст",
    "refuse.S-6.discard_space": "нельзя сбрасывать (заканчивать ход), пока есть пустое место: заполните его из руки",
    "refuse.R5a.no_empty": "{card}: для неё нет пустой базы",
    "refuse.R5a.needs": "{card} кладут на базу только на {lower}",
    "refuse.S-5.no_reserve": "в игре одной колодой нет резерва, на который можно нагрузить",
    "refuse.S-5.hand_only": "на сброс соперника можно нагрузить только карту из руки",
    "refuse.R5d.load": "{card} нельзя нагрузить на {target}: нужна та же масть, на единицу старше или младше",
    "refuse.S-5.load": (
        "{card} нельзя нагрузить на {target}: нужна та же масть, на единицу старше или младше (король и туз — соседи)"
    ),
    "refuse.S-3.not_laid": "{pile} ещё не выложена",
    "refuse.S-4.build": (
        "{card} нельзя положить на {target}: нужна та же масть, на единицу старше или младше (король и туз — соседи)"
    ),
    "refuse.R5b.king": "{card}: король ложится в табло только на пустое место",
    "refuse.R5b.alternate": "{card} нельзя положить на {target}: нужна карта на единицу младше и другого цвета",
    "refuse.R5b.suited": "{card} нельзя положить на {target}: нужна карта на единицу младше и той же масти",
    "refuse.O1": "карту можно положить на базу, поэтому следующий ход — на базу",
    "refuse.O2": "верхняя карта вашего резерва может пойти на базу, поэтому она идёт туда раньше карт табло",
    "refuse.O3": "пока у вас есть резерв, карту из руки нельзя класть на пустое место",
    "refuse.O4": "пока у вас есть резерв, нельзя брать из колоды или пасовать, если есть пустое место",
    "rule.O1": "пока хоть одну карту можно положить на базу, следующий ход — на базу",
    "rule.O2": "верхняя карта резерва идёт на базу раньше карт табло",
    "rule.O3": "пока есть резерв, карту из руки нельзя класть на пустое место",
    "rule.O4": "пока есть резерв, нельзя брать из колоды и пасовать при пустом месте",
    # ------------------------------------------------------------------ moves
    "move.foundation": "{card} {src:from} на базу",
    "move.tableau": "{card} {src:from} {dst:to}",
    "move.load": "нагрузка: {card} {src:from} {dst:to}",
    "move.draw": "{card} из колоды в руку",
    "move.draw_unknown": "карта из колоды в руку",
    "move.recycle": "{waste:nom} переворачивается и становится колодой",
    "move.discard": "{card} в сброс (ход окончен)",
    "move.pass": "пас (брать нечего; ход окончен)",
    "move.resign.own": "вы сдаётесь",
    "move.resign.opp": "соперник сдаётся",
    "move.resign.player": "{player} сдаётся",
    "move.agree": "ничья по согласию",
    "move.stop.own": "вы говорите «Стоп!»",
    "move.stop.opp": "соперник говорит «Стоп!»",
    "move.stop.player": "{player} говорит «Стоп!»",
    "move.flip": "{pile:at} открывается {card}",
    "move.lay_out.own": "вы выкладываете {cards}",
    "move.lay_out.opp": "соперник выкладывает {cards}",
    "move.lay_out.player": "{player} выкладывает {cards}",
    "move.then": "{first}; {then}",
    # ------------------------------------------------------------ Stop rulings
    "stop.upheld": "«Стоп!» от {caller:gen}: {move} нарушил правило {rule}: {reason}. {penalty}",
    "stop.upheld_hand": "«Стоп!» от {caller:gen}: {move} нарушил правило {rule}: {reason}. {penalty} {hand}",
    "stop.move.own": "ваш ход {index} ({move})",
    "stop.move.opp": "ход {index} соперника ({move})",
    "stop.move.player": "ход {index} {player:gen} ({move})",
    "stop.annul": "{n|Отменён # ход|Отменены # хода|Отменено # ходов}, ход переходит к {caller:dat}.",
    "stop.stand": "Ходы остаются в силе, ход переходит к {caller:dat}.",
    "stop.hand": "{card} из руки идёт {waste:to}.",
    "stop.then": "{ruling} Затем {start}.",
    # --------------------------------------------------------------- results
    "result.won.own": "Вы выиграли",
    "result.won.opp": "Вы проиграли",
    "result.won.player": "Выиграл {player}",
    "result.drawn": "Ничья",
    "result.outcome": "{headline}: {how}. {score}",
    "result.outcome_draw": "{headline}: {how}.",
    "end.win.own": "вы сыграли все карты резерва, колоды, сброса и руки",
    "end.win.opp": "соперник сыграл все карты резерва, колоды, сброса и руки",
    "end.win.player": "{player} сыграл все карты резерва, колоды, сброса и руки",
    "end.win_single.own": "вы сыграли все карты колоды, сброса и руки",
    "end.win_single.opp": "соперник сыграл все карты колоды, сброса и руки",
    "end.win_single.player": "{player} сыграл все карты колоды, сброса и руки",
    "end.resignation.own": "вы сдались",
    "end.resignation.opp": "соперник сдался",
    "end.resignation.player": "{player} сдался",
    "end.agreed": "игроки согласились на ничью",
    "end.repetition": "позиция в начале хода повторилась в третий раз",
    "end.no_progress": "{n|# ход|# хода|# ходов} подряд ни одна карта не легла на базу",
    "end.no_progress_single": "{n|# ход|# хода|# ходов} подряд ни одна карта из руки не легла в табло",
    "result.score": (
        "{total|# очко|# очка|# очков}: премия {bonus} + {reserve|# карта|# карты|# карт} резерва × 2"
        " + {sw|# карта|# карты|# карт} колоды и сброса"
    ),
    "result.score_hand": (
        "{total|# очко|# очка|# очков}: премия {bonus} + {reserve|# карта|# карты|# карт} резерва × 2"
        " + {sw|# карта|# карты|# карт} колоды и сброса + {hand|# карта|# карты|# карт} в руке"
    ),
    "result.score_single": (
        "{total|# очко|# очка|# очков}: у проигравшего {sw|осталась # карта|остались # карты|осталось # карт}"
        " в колоде и сбросе"
    ),
    "result.score_single_hand": (
        "{total|# очко|# очка|# очков}: у проигравшего {sw|осталась # карта|остались # карты|осталось # карт}"
        " в колоде и сбросе и {hand|# карта|# карты|# карт} в руке"
    ),
}

# ---------------------------------------------------------------- input errors
# (and the R5f refusals of moving a run, which name piles and counts)

EN_ERRORS: dict[str, Entry] = {
    "error.move.not_move": "not a Move: {value} (get moves from Move.from_str or from the game's move lists)",
    "error.text": "{text}",
    "error.card.number": "no card number {value} (cards are 0..103)",
    "error.card.make": "no card with rank {rank}, suit {suit}, deck {deck}",
    "error.card.not_text": "a card must be text such as 'QH', not {value}",
    "error.card.length": "bad card {text}: expected rank and suit such as 'QH' or 'qh'",
    "error.card.case": "bad card {text}: rank and suit must have the same case (upper: deck A, lower: deck B)",
    "error.card.rank": "bad card {text}: unknown rank {rank} (use A 2-9 T J Q K)",
    "error.card.suit": "bad card {text}: unknown suit {suit} (use C D H S)",
    "error.card.odd": "bad card list {text}: odd number of characters",
    "error.move.code": "no move has the code {value}",
    "error.move.not_text": "a move must be text such as 'RF' or 'SH', not {value}",
    "error.move.syntax": (
        "bad move {text}: expected two pile letters (such as 'RF', '3w', 'SH', 'HW') or one of pass, resign, "
        "oresign, agree, stop"
    ),
    "error.move.source": "bad move {text}: unknown source pile {pile} (piles: 12345678RHFrwWSs)",
    "error.move.target": "bad move {text}: unknown target pile {pile} (piles: 12345678RHFrwWSs)",
    "error.move.same_pile": "bad move {text}: source and target are the same pile",
    "error.move.piles": "no move from pile {src} to pile {dst} (piles are 0..15, two different ones)",
    "error.move.pile": "no pile {value}: give a pile letter of the notation (12345678RHFrwWSs) or its code 0..15",
    "error.player.viewer": "a viewer is 0 (player A), 1 (player B) or SPECTATOR (-1), not {value}",
    "error.player.player": "a player is 0 (A) or 1 (B), or None for a spectator, not {value}",
    "error.player.names": "names must map a seat (0 = A, 1 = B) to a catalogue message, not {value}",
    "error.player.names_seat": "a seat in names is 0 (A) or 1 (B), not {value}",
    "error.player.names_name": (
        "a name in names is a catalogue message such as Message('actor.computer'), not {value}"
    ),
    "error.history.empty": "there is no move to take back: the move stack is empty",
    "error.history.index": "no move {value} in the history: it holds {n|# move|# moves}",
    "error.history.pending": "the moves cannot be forgotten while a violation of this turn may still be stopped",
    "error.options.preset": "unknown preset {value}; choose one of classic, hoyle, suited, russian13, single",
    "error.options.choice": "option {name} must be one of {choices}, not {value}",
    "error.options.single_tableau": "the one-deck game builds its tableau 'circular' (S-4)",
    "error.options.single_stops": "the one-deck game has no Stop (S-7)",
    "error.options.single_reserve": "the one-deck game has no reserve, so reserve_size must be 0, not {value}",
    "error.options.single_bonus": (
        "the one-deck game has no bonus (S-7: one point per card left), so bonus must be 0, not {value}"
    ),
    "error.options.single_first": (
        "first_player=tableau cannot decide the one-deck game: its piles are laid out only at each player's "
        "first turn (S-3), so comparing them would look at face-down cards; use first_player=cut"
    ),
    "error.options.circular": "tableau=circular belongs to the one-deck game only (S-2)",
    "error.options.range": "option {name} must be {low}..{high}, not {value}",
    "error.options.type_bool": "option {name} must be on or off, not {value}",
    "error.options.type_int": "option {name} must be a whole number, not {value}",
    "error.options.type_str": "option {name} must be text, not {value}",
    "error.options.unknown": (
        "unknown option {name} (options: reserve_size, tableau, bonus, recycle, stops, stop_penalty, "
        "first_player, draw_limit)"
    ),
    "error.options.not_object": "options must be a JSON object, not {value}",
    "error.options.not_text": "options must be text such as 'preset=hoyle stops=on', not {value}",
    "error.options.syntax": "bad option {part}: expected name=value",
    "error.options.twice": "option {name} is given twice",
    "error.options.base": "base must be an Options object, not {value}",
    "where.tableau": "tableau",
    "where.foundations": "foundations",
    "where.tableau_pile": "tableau pile {n}",
    "where.foundation": "foundation {n}",
    "where.reserve": "reserve {player}",
    "where.stock": "stock {player}",
    "where.waste": "waste {player}",
    "where.hand": "hand",
    "where.secret": "secret",
    "where.json": "{path}",
    "error.position.not_text": "a position must be text, not {value}",
    "error.position.fields": (
        "a position has 12 fields (13 with the secret part), not {n}: tableau foundations resA stockA wasteA "
        "resB stockB wasteB turn hand turn_no no_progress [secret]"
    ),
    "error.position.card": "{where}: {problem}",
    "error.position.count": "{where}: expected a count such as '36' or '30(5H6C)', not {text}",
    "error.position.upper_only": "{where}: {card} - the one-deck game uses upper-case cards only",
    "error.position.twice": "{where}: {card} appears twice (also in {other})",
    "error.position.piles": "{where}: expected 8 piles separated by '/', not {n}",
    "error.position.dot": "{where}: '.' (not laid out) exists only in the one-deck game",
    "error.position.laid_together": "tableau: {player}'s four piles are laid out together (S-3)",
    "error.position.single_none": "{where}: the one-deck game has none; write '-'",
    "error.position.foundation_order": "{where}: must be built up in suit from the Ace (R5a)",
    "error.position.foundation_suit": "{where}: more than two foundations of one suit",
    "error.position.reserve_syntax": "{where}: expected 'N|UP' such as '11|QH', not {text}",
    "error.position.turn": "turn: expected A or B, not {text}",
    "error.position.hand": "hand: expected one card or '-', not {text}",
    "error.position.number": "{name}: expected a whole number (at most 9 digits), not {text}",
    "error.position.turn_no": "turn_no must be at least 1, not {value}",
    "error.position.reserve_down": (
        "reserve {player}: the player on move has a face-down reserve top (R6 turns it up at the start of the "
        "turn); write it face up"
    ),
    "error.position.not_laid_mover": "the player on move must have laid out their piles (S-3)",
    "error.position.total": (
        "the position accounts for {shown} shown and {hidden} face-down cards; it must account for exactly {total}"
    ),
    "error.position.secret_syntax": "secret: expected resA/stockA/resB/stockB",
    "error.position.secret_count": "secret: {where} lists {listed} cards but the position says {n}",
    "error.position.secret_complete": "secret: the face-down cards do not complete the deck(s)",
    "error.position.json_object": "{where}: expected a JSON object, not {value}",
    "error.position.json_cards": "{where}: expected a list of two-character card names, not {value}",
    "error.position.json_count": "{where}: expected a whole number from 0 to 999999999, not {value}",
    "error.position.json_missing": "position JSON: {where} is missing",
    "error.position.json_unknown": "{where}: unknown fields {keys}",
    "error.position.json_list8": "{where}: expected a list of 8 piles, not {value}",
    "error.position.json_hand": "{where}: expected a card name or null, not {value}",
    "error.position.deal": "{cards} cards to deal face down into {places} places",
    "error.record.no_setup": "the record has neither a Seed nor a Position tag, so it cannot be replayed",
    "error.record.setup": "the record's setup is invalid: {problem}",
    "error.record.start_reveals": (
        "the cards turned up at the start are {got}, not {want} as recorded (does the Seed match?)"
    ),
    "error.record.over": "move {n} ({move}): the game is already over",
    "error.record.wrong_player": "move {n} ({move}): recorded for {recorded}, but it is {turn}'s turn",
    "error.record.illegal": "illegal move {n} ({move}), rule {rule}: {reason}",
    "error.record.reveals": "move {n} ({move}): it turned up {got}, not {want} as recorded (does the Seed match?)",
    "error.record.result_differs": "the record says {stated}, but its moves give {actual}",
    "error.record.termination_differs": "the Termination tag says {stated}, but the game ended by {actual}",
    "error.record.score_differs": "the Score tag says {stated}, but the winner scores {actual}",
    "error.record.game": "a record is written from a Game, not {value}",
    "error.record.tag_value": "tag {name}: a value must be text or a whole number, not {value}",
    "error.record.tags_arg": "tags must be a dict of names and values, not {value}",
    "error.record.tag_name": "bad tag name {name}: letters, digits and _ only",
    "error.record.player": "{where}: player must be 'A' or 'B', not {text}",
    "error.record.cards": "{where}: {problem}",
    "error.record.options": "{where}: {problem}",
    "error.record.seed": "Seed must be a whole number, not {text}",
    "error.record.validate": "Validate must be on or off, not {text}",
    "error.record.not_text": "a record must be text, not {value}",
    "error.record.tag": 'line {line}: bad tag {text}: expected [Name "value"]',
    "error.record.comment": "line {line}: unbalanced '{{' or '}}' in a comment",
    "error.record.bare_reveal": "line {line}: a bare '=' reveal may only open the game",
    "error.record.move": "line {line}, move {n}: {problem}",
    "error.record.result": "Result must be one of 1-0, 0-1, 1/2-1/2, *, not {value}",
    "error.record.json_object": "a JSON record must be an object, not {value}",
    "error.record.json_tags": "'tags' must be an object of strings",
    "error.record.json_seed": "'seed' must be a whole number or null, not {value}",
    "error.record.json_position": "'position' must be a string or null, not {value}",
    "error.record.json_reveals": "{where}: reveals must be a list of card names",
    "error.record.json_moves": "'moves' must be a list",
    "error.record.json_move": "{where}: expected a move such as \"RF\" or an object with a 'move' string",
    "error.record.json_bad_move": "{where}: {problem}",
    "error.record.json": "bad JSON at line {line}, column {col}: {msg}",
    "error.record.json_deep": "the JSON is nested too deeply to read; a record is three levels deep",
    "error.record.json_constant": "the JSON holds {name}, which is not a number a record can use",
    "error.record.json_number": "the JSON holds a number with too many digits",
    "error.record.in_game": "game {number} (line {line}): {problem}",
    "error.record.form": "form must be 'text' or 'json', not {value}",
    "error.options.first_player_int": (
        "option first_player is the rule that picks who moves first ('tableau' or 'cut'), not {value}; to "
        "choose the player yourself, use first_mover=0 (A) or first_mover=1 (B)"
    ),
    "error.game.first_mover": "first_mover must be 0 (A), 1 (B) or None, not {value}",
    "error.game.validate": "validate must be True or False, not {value}",
    "error.game.seed": "seed must be a whole number (at most 128 bits) or None, not {value}",
    "error.run.game": "a run is moved in a Game, not {value}",
    "refuse.R5f.piles": "a run moves from one tableau pile to another (piles 0..7, two different ones)",
    "refuse.R5f.count": "a run has at least one card, not {value}",
    "refuse.R5f.short": "{pile} has only {n|# card|# cards}",
    "refuse.R5f.spaces": "moving {count} cards needs {need|# space|# spaces}; there {have|is # space|are # spaces}",
    "refuse.R5f.step": "step {step} ({move}) is not legal ({rule}): {reason}",
    "error.match.players": "a match needs two player names, not {value}",
    "error.match.names": "the two players of a match need different names, not both {name}",
    "error.match.outcome": "only a finished game's Outcome can be added to a match, not {value}",
    "error.match.seats": "seats {seats} are not the match's players {players}",
    "error.replay.read": "cannot read {file}: {problem}",
    "error.replay.empty": "the file holds no game record",
}

RU_ERRORS: dict[str, Entry] = {
    "error.move.not_move": "это не ход ('Move'): {value} (ходы дают 'Move.from_str' и списки ходов партии)",
    "error.text": "{text}",
    "error.card.number": "нет карты с номером {value} (карты — это 0..103)",
    "error.card.make": "нет карты с рангом {rank}, мастью {suit}, колодой {deck}",
    "error.card.not_text": "карта пишется текстом, например 'QH', а не {value}",
    "error.card.length": "неверная карта {text}: нужны ранг и масть, например 'QH' или 'qh'",
    "error.card.case": (
        "неверная карта {text}: ранг и масть пишутся в одном регистре (заглавные — колода A, строчные — колода B)"
    ),
    "error.card.rank": "неверная карта {text}: неизвестный ранг {rank} (пишите A, 2–9, T, J, Q, K)",
    "error.card.suit": "неверная карта {text}: неизвестная масть {suit} (пишите C, D, H, S)",
    "error.card.odd": "неверный список карт {text}: нечётное число знаков",
    "error.move.code": "нет хода с кодом {value}",
    "error.move.not_text": "ход пишется текстом, например 'RF' или 'SH', а не {value}",
    "error.move.syntax": (
        "неверный ход {text}: нужны две буквы стопок (например 'RF', '3w', 'SH', 'HW') или одно из слов pass, "
        "resign, oresign, agree, stop"
    ),
    "error.move.source": (
        "неверный ход {text}: неизвестная стопка {pile}, откуда берут карту (стопки '12345678RHFrwWSs')"
    ),
    "error.move.target": (
        "неверный ход {text}: неизвестная стопка {pile}, куда кладут карту (стопки '12345678RHFrwWSs')"
    ),
    "error.move.same_pile": "неверный ход {text}: карта идёт туда же, откуда взята",
    "error.move.piles": "нет хода со стопки {src} на стопку {dst} (стопки — это 0..15, две разные)",
    "error.move.pile": "нет стопки {value}: укажите букву стопки из нотации ('12345678RHFrwWSs') или её код 0..15",
    "error.player.viewer": "зритель — это 0 (игрок A), 1 (игрок B) или 'SPECTATOR' (-1), а не {value}",
    "error.player.player": "игрок — это 0 (A) или 1 (B), или 'None' для зрителя, а не {value}",
    "error.player.names": "имена ('names') — это соответствие места (0 = A, 1 = B) сообщению каталога, а не {value}",
    "error.player.names_seat": "место в именах ('names') — это 0 (A) или 1 (B), а не {value}",
    "error.player.names_name": (
        "имя в именах ('names') — это сообщение каталога, например 'Message(\"actor.computer\")', а не {value}"
    ),
    "error.history.empty": "отменять нечего: ходов ещё нет",
    "error.history.index": "в истории нет хода {value}: в ней {n|# ход|# хода|# ходов}",
    "error.history.pending": "ходы нельзя забыть, пока на нарушение в этом ходу ещё можно сказать «Стоп!»",
    "error.options.preset": (
        "неизвестный набор правил {value}; выберите 'classic', 'hoyle', 'suited', 'russian13' или 'single'"
    ),
    "error.options.choice": "значение {name} — одно из {choices}, а не {value}",
    "error.options.single_tableau": "в игре одной колодой табло строится по кругу: 'tableau=circular' (S-4)",
    "error.options.single_stops": "в игре одной колодой нет «Стоп!» (S-7)",
    "error.options.single_reserve": "в игре одной колодой нет резерва, поэтому 'reserve_size' — 0, а не {value}",
    "error.options.single_bonus": (
        "в игре одной колодой нет премии (S-7: очко за каждую оставшуюся карту), поэтому 'bonus' — 0, а не {value}"
    ),
    "error.options.single_first": (
        "'first_player=tableau' не годится для игры одной колодой: её стопки выкладываются только в первый "
        "ход каждого игрока (S-3), и сравнение заглянуло бы в закрытые карты; выберите 'first_player=cut'"
    ),
    "error.options.circular": "'tableau=circular' бывает только в игре одной колодой (S-2)",
    "error.options.range": "значение {name} должно быть от {low} до {high}, а не {value}",
    "error.options.type_bool": "значение {name} — 'on' или 'off', а не {value}",
    "error.options.type_int": "значение {name} — целое число, а не {value}",
    "error.options.type_str": "значение {name} — текст, а не {value}",
    "error.options.unknown": (
        "неизвестный параметр {name} (параметры: 'reserve_size', 'tableau', 'bonus', 'recycle', 'stops', "
        "'stop_penalty', 'first_player', 'draw_limit')"
    ),
    "error.options.not_object": "параметры задаются объектом 'JSON', а не {value}",
    "error.options.not_text": "параметры задаются текстом, например 'preset=hoyle stops=on', а не {value}",
    "error.options.syntax": "неверный параметр {part}: нужно имя=значение",
    "error.options.twice": "параметр {name} задан дважды",
    "error.options.base": "'base' — это объект 'Options', а не {value}",
    "where.tableau": "табло",
    "where.foundations": "базы",
    "where.tableau_pile": "стопка табло {n}",
    "where.foundation": "база {n}",
    "where.reserve": {"nom": "резерв {player}", "gen": "резерва {player}"},
    "where.stock": {"nom": "колода {player}", "gen": "колоды {player}"},
    "where.waste": "сброс {player}",
    "where.hand": "рука",
    "where.secret": "секретная часть",
    "where.json": "{path}",
    "error.position.not_text": "позиция записывается текстом, а не {value}",
    "error.position.fields": (
        "в позиции 12 полей (13 с секретной частью), а не {n}: 'tableau foundations resA stockA wasteA resB "
        "stockB wasteB turn hand turn_no no_progress [secret]'"
    ),
    "error.position.card": "{where}: {problem}",
    "error.position.count": "{where}: нужно число, например '36' или '30(5H6C)', а не {text}",
    "error.position.upper_only": "{where}: {card} — в игре одной колодой карты пишутся только заглавными",
    "error.position.twice": "{where}: {card} встречается дважды (ещё и здесь: {other})",
    "error.position.piles": "{where}: нужно 8 стопок через '/', а не {n}",
    "error.position.dot": "{where}: '.' (стопка не выложена) бывает только в игре одной колодой",
    "error.position.laid_together": "табло: четыре стопки игрока {player} выкладываются вместе (S-3)",
    "error.position.single_none": "{where}: в игре одной колодой этого нет; пишите '-'",
    "error.position.foundation_order": "{where}: база строится по масти от туза (R5a)",
    "error.position.foundation_suit": "{where}: больше двух баз одной масти",
    "error.position.reserve_syntax": "{where}: нужно 'N|UP', например '11|QH', а не {text}",
    "error.position.turn": "поле 'turn': нужно A или B, а не {text}",
    "error.position.hand": "поле 'hand': нужна одна карта или '-', а не {text}",
    "error.position.number": "{name}: нужно целое число (не больше 9 цифр), а не {text}",
    "error.position.turn_no": "'turn_no' — не меньше 1, а не {value}",
    "error.position.reserve_down": (
        "резерв {player}: у игрока, который ходит, верхняя карта резерва закрыта (по R6 её открывают в начале "
        "хода); запишите её открытой"
    ),
    "error.position.not_laid_mover": "игрок, который ходит, должен уже выложить свои стопки (S-3)",
    "error.position.total": (
        "в позиции {shown|# открытая карта|# открытые карты|# открытых карт} и {hidden|# закрытая|# "
        "закрытые|# закрытых}; карт должно быть ровно {total}"
    ),
    "error.position.secret_syntax": "секретная часть: нужно 'resA/stockA/resB/stockB'",
    "error.position.secret_count": "секретная часть: для {where:gen} указано карт: {listed}, а в позиции их {n}",
    "error.position.secret_complete": "секретная часть: закрытые карты не дополняют колоду до полной",
    "error.position.json_object": "{where}: нужен объект 'JSON', а не {value}",
    "error.position.json_cards": "{where}: нужен список двухбуквенных имён карт, а не {value}",
    "error.position.json_count": "{where}: нужно целое число от 0 до 999999999, а не {value}",
    "error.position.json_missing": "позиция в 'JSON': нет поля {where}",
    "error.position.json_unknown": "{where}: неизвестные поля {keys}",
    "error.position.json_list8": "{where}: нужен список из 8 стопок, а не {value}",
    "error.position.json_hand": "{where}: нужно имя карты или 'null', а не {value}",
    "error.position.deal": "закрытых карт для раздачи {cards}, а мест для них {places}",
    "error.record.no_setup": "в записи нет ни тега 'Seed', ни тега 'Position', поэтому её не воспроизвести",
    "error.record.setup": "начальная позиция записи неверна: {problem}",
    "error.record.start_reveals": "в начале открыты {got}, а не {want}, как в записи (совпадает ли 'Seed'?)",
    "error.record.over": "ход {n} ({move}): партия уже окончена",
    "error.record.wrong_player": "ход {n} ({move}): записан за {recorded}, но сейчас ходит {turn}",
    "error.record.illegal": "недопустимый ход {n} ({move}), правило {rule}: {reason}",
    "error.record.reveals": "ход {n} ({move}): он открыл {got}, а не {want}, как в записи (совпадает ли 'Seed'?)",
    "error.record.result_differs": "в записи указан результат {stated}, а её ходы дают {actual}",
    "error.record.termination_differs": "тег 'Termination' говорит {stated}, а партия окончилась так: {actual}",
    "error.record.score_differs": "тег 'Score' говорит {stated}, а победитель набирает {actual}",
    "error.record.game": "запись пишется по партии ('Game'), а не по {value}",
    "error.record.tag_value": "тег {name}: значение — текст или целое число, а не {value}",
    "error.record.tags_arg": "'tags' — это словарь имён и значений, а не {value}",
    "error.record.tag_name": "неверное имя тега {name}: только буквы, цифры и _",
    "error.record.player": "{where}: игрок — 'A' или 'B', а не {text}",
    "error.record.cards": "{where}: {problem}",
    "error.record.options": "{where}: {problem}",
    "error.record.seed": "'Seed' — целое число, а не {text}",
    "error.record.validate": "'Validate' — 'on' или 'off', а не {text}",
    "error.record.not_text": "запись партии — это текст, а не {value}",
    "error.record.tag": 'строка {line}: неверный тег {text}: нужно [Имя "значение"]',
    "error.record.comment": "строка {line}: в комментарии не закрыта или лишняя фигурная скобка",
    "error.record.bare_reveal": "строка {line}: одиночное '=' (открытые карты) бывает только в начале партии",
    "error.record.move": "строка {line}, ход {n}: {problem}",
    "error.record.result": "'Result' — одно из 1-0, 0-1, 1/2-1/2, *, а не {value}",
    "error.record.json_object": "запись в 'JSON' — это объект, а не {value}",
    "error.record.json_tags": "'tags' — объект со строковыми значениями",
    "error.record.json_seed": "'seed' — целое число или 'null', а не {value}",
    "error.record.json_position": "'position' — строка или 'null', а не {value}",
    "error.record.json_reveals": "{where}: 'reveals' — список имён карт",
    "error.record.json_moves": "'moves' — это список",
    "error.record.json_move": "{where}: нужен ход, например 'RF', или объект со строкой 'move'",
    "error.record.json_bad_move": "{where}: {problem}",
    "error.record.json": "ошибка в 'JSON', строка {line}, столбец {col}: {msg}",
    "error.record.json_deep": "вложенность 'JSON' слишком глубока; у записи партии всего три уровня",
    "error.record.json_constant": "в 'JSON' есть {name} — такого числа в записи партии не бывает",
    "error.record.json_number": "в 'JSON' есть число со слишком многими цифрами",
    "error.record.in_game": "партия {number} (строка {line}): {problem}",
    "error.record.form": "'form' — 'text' или 'json', а не {value}",
    "error.options.first_player_int": (
        "параметр 'first_player' — это правило, кто ходит первым ('tableau' или 'cut'), а не {value}; чтобы "
        "выбрать игрока самому, укажите 'first_mover=0' (A) или 'first_mover=1' (B)"
    ),
    "error.game.first_mover": "'first_mover' — 0 (A), 1 (B) или 'None', а не {value}",
    "error.game.validate": "'validate' — 'True' или 'False', а не {value}",
    "error.game.seed": "'seed' — целое число (не больше 128 бит) или 'None', а не {value}",
    "error.run.game": "цепочку карт переносят в партии ('Game'), а не в {value}",
    "refuse.R5f.piles": "цепочка переносится с одной стопки табло на другую (стопки 0..7, две разные)",
    "refuse.R5f.count": "в цепочке хотя бы одна карта, а не {value}",
    "refuse.R5f.short": "{pile}: в ней {n|всего # карта|всего # карты|всего # карт}",
    "refuse.R5f.spaces": (
        "чтобы перенести {count|# карту|# карты|# карт}, нужно {need|# пустое место|# пустых места|# пустых "
        "мест}; {have|есть # пустое место|есть # пустых места|есть # пустых мест}"
    ),
    "refuse.R5f.step": "шаг {step} ({move}) недопустим ({rule}): {reason}",
    "error.match.players": "в матче два игрока с именами, а не {value}",
    "error.match.names": "у двух игроков матча должны быть разные имена, а не оба {name}",
    "error.match.outcome": "в матч добавляют итог ('Outcome') оконченной партии, а не {value}",
    "error.match.seats": "места {seats} — это не игроки матча {players}",
    "error.replay.read": "не удаётся прочитать {file}: {problem}",
    "error.replay.empty": "в файле нет ни одной записи партии",
}

EN.update(EN_ERRORS)
RU.update(RU_ERRORS)

# ------------------------------------------------------- impossible positions
EN_PROBLEMS: dict[str, Entry] = {
    "problem.cards": "the position holds {n} cards, not each of the {total} cards exactly once",
    "problem.tableau": "tableau pile {n}: {card} lies on {below}, which the tableau rule never allows",
    "problem.tableau_not_laid": "tableau pile {n} holds cards but its player has not laid out their piles",
    "problem.foundation": "foundation {n} is not built up in its suit from the Ace",
    "problem.reserve_size": "reserve {player}: {n} of its owner's cards, more than the {size} dealt to it",
    "problem.reserve_first_up": (
        "reserve {player}: its lowest face-up card {card} is not its owner's (only the owner's own turned-up card"
        " can carry loaded cards)"
    ),
    "problem.reserve_loading": (
        "reserve {player}: {card} lies face up on {below}, which no loading builds (the same suit, one rank up or down)"
    ),
    "problem.deck": (
        "{player}'s face-down piles hold {n|# card|# cards} of {other}'s deck, such as {card}: a face-down card is"
        " always its owner's (loaded cards lie face up)"
    ),
    "problem.reserve_down": (
        "reserve {player}: face down although {player} has had a turn (R6 turns it up at the start of the first one)"
    ),
    "problem.not_laid": "{player} has had a turn but has not laid out their four piles (S-3)",
    "problem.stock_size": "stock {player}: {n} unknown face-down cards, more than the {size} dealt to it",
    "problem.second_waste": "it is turn 1, but {player}, who has not played yet, already has a waste",
    "problem.second_reserve": (
        "it is turn 1, but the reserve of {player}, who has not played yet, is not the {size} face-down cards dealt"
    ),
    "problem.second_stock": (
        "it is turn 1, but the stock of {player}, who has not played yet, is not the {size} face-down cards dealt"
    ),
    "problem.second_stack": (
        "it is turn 1, but {player}, who has not played yet, does not hold the 26 face-down cards dealt"
    ),
    "problem.first_waste": "it is turn 1, but {player} has a waste: a discard would have ended the turn",
    "problem.first_loaded": "it is turn 1, but the opponent has loaded {player}'s reserve without having played",
    "problem.first_known": "it is turn 1, but {player} has face-down cards that only a Stop or a recycle reveals",
    "problem.draw_limit": ("no_progress is {n}, but the game is drawn when it reaches the draw limit of {limit} (D3)"),
    "problem.no_progress": "no_progress is {n}, more turns without progress than have ended before turn {turn}",
    "problem.no_cards": "{player} has no card left in reserve, stock, waste or hand, so {player} has won (D1)",
    "problem.recycle": (
        "stock {player} is empty while its waste holds cards: immediate recycling would have turned it (R8)"
    ),
    "error.position.impossible": "impossible position: {problem}",
    "error.position.impossible_more": (
        "impossible position: {problem} (and {n|# more problem|# more problems}; set it up with validate=False"
        " and call problems() to see them)"
    ),
}
RU_PROBLEMS: dict[str, Entry] = {
    "problem.cards": "в позиции {n|# карта|# карты|# карт}, а должна быть каждая из {total} карт ровно по разу",
    "problem.tableau": "стопка табло {n}: {card} лежит на {below}, а правило табло так класть не позволяет",
    "problem.tableau_not_laid": "в стопке табло {n} есть карты, хотя её игрок ещё не выкладывал свои стопки",
    "problem.foundation": "база {n} не построена по масти от туза",
    "problem.reserve_size": "резерв {player}: в нём {n|# карта|# карты|# карт} владельца, больше, чем {size} сданных",
    "problem.reserve_first_up": (
        "резерв {player}: нижняя открытая карта {card} не принадлежит владельцу (нагружать можно только на его"
        " собственную открытую карту)"
    ),
    "problem.reserve_loading": (
        "резерв {player}: {card} лежит открытой на {below}, а нагрузка так не строится (та же масть, на единицу"
        " старше или младше)"
    ),
    "problem.deck": (
        "в закрытых картах игрока {player} {n|# карта|# карты|# карт} из колоды {other}, например {card}: закрытая"
        " карта всегда принадлежит владельцу (нагруженные карты лежат открыто)"
    ),
    "problem.reserve_down": (
        "резерв {player} закрыт, хотя игрок {player} уже ходил (по R6 верхнюю карту открывают в начале первого хода)"
    ),
    "problem.not_laid": "игрок {player} уже ходил, но не выложил свои четыре стопки (S-3)",
    "problem.stock_size": "колода {player}: неизвестных закрытых карт {n}, больше, чем {size} сданных",
    "problem.second_waste": "идёт первый ход, а у игрока {player}, который ещё не ходил, уже есть сброс",
    "problem.second_reserve": (
        "идёт первый ход, а резерв игрока {player}, который ещё не ходил, — не {size} сданных закрытых карт"
    ),
    "problem.second_stock": (
        "идёт первый ход, а колода игрока {player}, который ещё не ходил, — не {size} сданных закрытых карт"
    ),
    "problem.second_stack": "идёт первый ход, а у игрока {player}, который ещё не ходил, не 26 сданных закрытых карт",
    "problem.first_waste": "идёт первый ход, а у игрока {player} есть сброс: сброс закончил бы ход",
    "problem.first_loaded": "идёт первый ход, а соперник нагрузил резерв игрока {player}, ещё не сходив",
    "problem.first_known": (
        "идёт первый ход, а у игрока {player} есть известные закрытые карты, хотя их открывают только «Стоп!»"
        " или переворот сброса"
    ),
    "problem.draw_limit": "'no_progress' равно {n}, но при {limit} партия уже окончена вничью (D3)",
    "problem.no_progress": (
        "'no_progress' равно {n}: столько ходов без продвижения не могло закончиться до хода {turn}"
    ),
    "problem.no_cards": (
        "у игрока {player} не осталось карт ни в резерве, ни в колоде, ни в сбросе, ни в руке — значит, игрок {player}"
        " выиграл (D1)"
    ),
    "problem.recycle": (
        "колода {player} пуста, а в сбросе есть карты: при немедленном перевороте сброс уже стал бы колодой (R8)"
    ),
    "error.position.impossible": "невозможная позиция: {problem}",
    "error.position.impossible_more": (
        "невозможная позиция: {problem} (и ещё {n|# ошибка|# ошибки|# ошибок}; задайте позицию с 'validate=False'"
        " и вызовите 'problems()', чтобы увидеть все)"
    ),
}
EN.update(EN_PROBLEMS)
RU.update(RU_PROBLEMS)
