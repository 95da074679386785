"""What the play session and the terminal game say (domain ``play``)."""

from __future__ import annotations

from collections.abc import Mapping

EN: dict[str, str | Mapping[str, str]] = {
    # --- who: forms cap (sentence start) and poss (possessive)
    "play.who.you": {"nom": "you", "cap": "You", "poss": "your"},
    "play.who.computer": {"nom": "the computer", "cap": "The computer", "poss": "the computer's"},
    "play.who.opponent": {"nom": "your opponent", "cap": "Your opponent", "poss": "your opponent's"},
    "play.who.A": {"nom": "Player A", "cap": "Player A", "poss": "Player A's"},
    "play.who.B": {"nom": "Player B", "cap": "Player B", "poss": "Player B's"},
    # --- piles, seen from the viewer's side: forms from / to
    # --- moves in words
    "play.moved": "{who:cap}: {what}.",
    # --- rules of order, short
    # --- Stop!
    "play.stop.refused": "Stop! from {who} refused: {reason}",
    "play.stop.late": "too late: that turn is over, and a Stop for it is refused (S1).",
    "play.stop.none": "This game has no Stop: in strict rules a move out of order is simply not allowed.",
    "play.stop.none_single": "This game has no Stop: the one-deck game has none (S-7).",
    "play.stop.on_move": "You are on move: Stop! is called by the player not on move (S1).",
    # --- turns and the end
    "play.turn.you": "Your move.",
    "play.turn.other": "It is {who:poss} turn.",
    "play.result.win.you": "You win.",
    "play.result.win.other": "{who:cap} wins.",
    "play.result.draw": "Draw.",
    "play.match": "Match (D4) after {n|# game|# games}: {a_name:cap} {a}, {b_name} {b}.",
    "play.over": "{outcome}. {match}",
    # --- refusals
    "play.refuse.over": "The game is over.",
    "play.refuse.not_over": "The game is not over yet: finish it first (or resign).",
    "play.refuse.spectator": "Spectators can only watch.",
    "play.refuse.computer_seat": "That seat is the computer's.",
    "play.refuse.computer_turn": "Please wait: it is the computer's turn.",
    "play.refuse.not_your_turn": "Not your turn: it is {who:poss} turn.",
    "play.refuse.stale": "The game has moved on (it is at state {current}, not {state}): look again.",
    "play.refuse.not_a_move": "That is not a move.",
    "play.refuse.word_move": "{move} is not played as a move: Stop!, resigning and draws have their own requests.",
    "play.refused": "{rule}: {reason}. Nothing changed.",
    "play.restore.bad_move": "Stored move {number} ({move}) does not replay: {reason}",
    "play.pace.bad": "The pace must be a number of seconds from 0 to {max}, not {value}.",
    "play.seat.level": "A computer seat needs a level, one of {levels}; not {value}.",
    "play.seat.no_level": "Only a computer seat has a level.",
    "play.seating.no_person": "A play session needs at least one person; computer against computer is a match.",
    "play.skip.not_computer": "Skipping works while the computer is playing its turn.",
    # --- hints
    "play.hint.none": "No hint: nothing to suggest.",
    "play.hint.one": "Hint: {what}.",
    "play.hint.plan": "Hint: {what} (then {n|# more move|# more moves} of the same plan).",
    # --- the computer
    "play.computer.failed": "The computer player failed; it plays {what} instead.",
    "play.computer.guard": "The computer was going round in circles; it plays {what} instead.",
    # --- draws, resigning, undo
    "play.draw.offered.you": "You offer a draw; waiting for the answer.",
    "play.draw.offered.other": "{who:cap} offers a draw.",
    "play.draw.declined.you": "You declined the draw.",
    "play.draw.declined.other": "{who:cap} declines the draw.",
    "play.draw.already": "Your draw offer is waiting for an answer.",
    "play.draw.no_offer": "There is no draw offer to answer.",
    "play.draw.agreed": "Draw agreed.",
    "play.resigned.you": "You resigned.",
    "play.resigned.other": "{who:cap} resigned.",
    "play.undone.you": "You took back {what}.",
    "play.undone.other": "{who:cap} took back {what}.",
    "play.undo.over": "The game is over: nothing to take back.",
    "play.undo.not_your_turn": "You can only take back your own moves, on your turn.",
    "play.undo.nothing": "You have made no move in this turn to take back.",
    "play.undo.reveal": "{what}: a move that turns a card up cannot be taken back.",
    "play.undo.stoppable": "{what} broke {rule}; the other side may still call Stop!, so it stands.",
    "play.undo.remote": "Moves cannot be taken back in a game over the network: your opponent has seen them.",
}

RU: dict[str, str | Mapping[str, str]] = {
    "play.who.you": {"nom": "вы", "cap": "Вы", "gen": "вас", "dat": "вам", "acc": "вас"},
    "play.who.computer": {
        "nom": "компьютер",
        "cap": "Компьютер",
        "gen": "компьютера",
        "dat": "компьютеру",
        "acc": "компьютер",
    },
    "play.who.opponent": {
        "nom": "соперник",
        "cap": "Соперник",
        "gen": "соперника",
        "dat": "сопернику",
        "acc": "соперника",
    },
    "play.who.A": {"nom": "игрок A", "cap": "Игрок A", "gen": "игрока A", "dat": "игроку A", "acc": "игрока A"},
    "play.who.B": {"nom": "игрок B", "cap": "Игрок B", "gen": "игрока B", "dat": "игроку B", "acc": "игрока B"},
    "play.moved": "{who:cap}: {what}.",
    "play.stop.refused": "«Стоп!» от {who:gen} отклонён: {reason}",
    "play.stop.late": "поздно: тот ход окончен, и «Стоп!» за него не принимается (S1).",
    "play.stop.none": "В этой игре нет «Стопа»: по строгим правилам ход не по порядку просто не допускается.",
    "play.stop.none_single": "В этой игре нет «Стопа»: в игре одной колодой его не бывает (S-7).",
    "play.stop.on_move": "Сейчас ваш ход: «Стоп!» объявляет тот, кто не ходит (S1).",
    "play.turn.you": "Ваш ход.",
    "play.turn.other": "Ход {who:gen}.",
    "play.result.win.you": "Вы выиграли.",
    "play.result.win.other": "{who:cap} выиграл.",
    "play.result.draw": "Ничья.",
    "play.match": "Матч (D4) после {n|# партии|# партий|# партий}: {a_name:cap} — {a}, {b_name} — {b}.",
    "play.over": "{outcome}. {match}",
    "play.refuse.over": "Партия окончена.",
    "play.refuse.not_over": "Партия ещё не окончена: доиграйте её (или сдайтесь).",
    "play.refuse.spectator": "Зрители могут только смотреть.",
    "play.refuse.computer_seat": "За это место играет компьютер.",
    "play.refuse.computer_turn": "Подождите: сейчас ходит компьютер.",
    "play.refuse.not_your_turn": "Сейчас не ваш ход, а ход {who:gen}.",
    "play.refuse.stale": "Партия уже изменилась (сейчас состояние {current}, а не {state}): посмотрите ещё раз.",
    "play.refuse.not_a_move": "Это не ход.",
    "play.refuse.word_move": "{move} — не ход: для «Стопа», сдачи и ничьей есть свои запросы.",
    "play.refused": "{rule}: {reason}. Ничего не изменилось.",
    "play.restore.bad_move": "Сохранённый ход {number} ({move}) не воспроизводится: {reason}",
    "play.pace.bad": "Темп — это число секунд от 0 до {max}, а не {value}.",
    "play.seat.level": "Месту компьютера нужен уровень, один из {levels}; а не {value}.",
    "play.seat.no_level": "Уровень бывает только у места компьютера.",
    "play.seating.no_person": "В партии должен играть хотя бы один человек; компьютер против компьютера — это матч.",
    "play.skip.not_computer": "Пропуск работает, пока компьютер делает свой ход.",
    "play.hint.none": "Подсказки нет: предложить нечего.",
    "play.hint.one": "Подсказка: {what}.",
    "play.hint.plan": "Подсказка: {what} (дальше ещё {n|# ход|# хода|# ходов} по тому же плану).",
    "play.computer.failed": "Компьютерный игрок дал сбой; вместо этого он играет так: {what}.",
    "play.computer.guard": "Компьютер начал ходить по кругу; вместо этого он играет так: {what}.",
    "play.draw.offered.you": "Вы предложили ничью; ждём ответа.",
    "play.draw.offered.other": "{who:cap} предлагает ничью.",
    "play.draw.declined.you": "Вы отказались от ничьей.",
    "play.draw.declined.other": "{who:cap} отказывается от ничьей.",
    "play.draw.already": "Ваше предложение ничьей ждёт ответа.",
    "play.draw.no_offer": "Нет предложения ничьей, на которое нужно ответить.",
    "play.draw.agreed": "Ничья по согласию.",
    "play.resigned.you": "Вы сдались.",
    "play.resigned.other": "{who:cap} сдался.",
    "play.undone.you": "Вы вернули ход: {what}.",
    "play.undone.other": "{who:cap} вернул ход: {what}.",
    "play.undo.over": "Партия окончена: возвращать нечего.",
    "play.undo.not_your_turn": "Вернуть можно только свои ходы и только в свой ход.",
    "play.undo.nothing": "В этом ходе вы ещё ничего не сделали — возвращать нечего.",
    "play.undo.reveal": "{what}: ход, открывший карту, вернуть нельзя.",
    "play.undo.stoppable": "{what} — нарушение {rule}; соперник ещё может объявить «Стоп!», поэтому ход остаётся.",
    "play.undo.remote": "В игре по сети ходы не возвращаются: соперник их уже видел.",
}

# ------------------------------------------------------------------ the terminal game

_KEYS_EN = (
    "[b]Keys[/b]: pick a source pile, then a target pile (the keys are printed beside the "
    "piles).\n"
    "\n"
    "  [b]1-4[/b]  your tableau piles       [b]5-8[/b]  the opponent's piles\n"
    "  [b]R[/b]    your reserve top         [b]r[/b]    the opponent's reserve (loading)\n"
    "  [b]H[/b]    the hand card            [b]F[/b]    a foundation\n"
    "  [b]S[/b]    draw (stock to hand)     [b]w[/b]    the opponent's waste (loading)\n"
    "  [b]W[/b] or [b]x[/b]  discard the hand card onto your waste (ends the turn)\n"
    "  [b]p[/b]    pass (only when stock, waste and hand are empty)\n"
    "  [b]Esc[/b]  put the picked card back\n"
    "\n"
    "R, H, F and S work in either case; only w (the opponent's waste) and W (yours) differ. With "
    "the mouse, click a source pile, then a target.\n"
    "\n"
    "  [b]:[/b] or [b]Tab[/b]  type a move (RF 3w SH HW pass stop resign agree oresign)\n"
    "  [b]![/b]    Stop! (only in games with Stop, by the side not on move)\n"
    "  [b]i[/b]    hint                     [b]u[/b]    undo your move (this turn)\n"
    "  [b].[/b]    show the rest of the computer's turn at once\n"
    "  [b]+[/b] [b]-[/b]  the computer plays faster, slower\n"
    "  [b]n[/b]    a new game (when the game is over)\n"
    "  [b]?[/b]    this help                [b]q[/b]    save and quit\n"
    "\n"
    "The game is saved after every move; russianbank play --resume continues it.\n"
    "\n"
    "The keys light up: the picked pile yellow, its legal targets green, a hint purple, the "
    "computer's last move blue (the cards concerned are underlined). A's deck: light cards with "
    "filled suits ♠♥♦♣; B's deck: blue cards with hollow suits ♤♡♢♧.\n"
)

_RULES_EN = (
    "[b]The game[/b]\n"
    "Each player has a reserve (12 cards face down, 13 in hoyle and russian13; the top one face "
    "up), a stock and a waste. Eight tableau piles (four on each side) are common property; "
    "eight foundations in the middle are built up in suit from Ace to King. The first to get rid "
    "of reserve, stock, waste and hand wins (D1) and scores 30 (0 in hoyle) + 2 per card left in "
    "the loser's reserve + 1 per card in the loser's stock and waste (D2). The games of a "
    "session add up to a match (D4).\n"
    "\n"
    "[b]Moves[/b] (one card at a time)\n"
    "You may move the top card of any tableau pile, your reserve top and your hand card (R4): to "
    "a foundation, an Ace on an empty one, else the same suit one rank higher (R5a); to a "
    "tableau pile, one rank lower and the opposite colour (R5b; suited: the same suit), a King "
    "only into a space; into a space, any card (R5c); loading, onto the opponent's reserve top "
    "or waste top, the same suit one rank up or down (R5d). Drawing (S) turns your stock's top "
    "card into the hand; place it, or discard it onto your waste. [b]The discard ends your "
    "turn[/b] (R7). An empty stock is refilled from the waste (R8).\n"
    "\n"
    "[b]Rules of order[/b]\n"
    "O1: while a card can go to a foundation, the next move must be a foundation move. O2: the "
    "reserve top goes to a foundation before any tableau card does. O3: while your reserve "
    "lasts, the hand card may not go into a space. O4: while your reserve lasts, you may not "
    "draw with a space open. In strict games (the default) such moves are refused with the "
    "rule's name. In games with Stop (--stops) they may be made, and the opponent may call "
    "[b]Stop![/b] while the offending turn lasts (S1): the turn ends at once and (classic) the "
    "moves since the violation are taken back (S3). An unfounded Stop is refused (S2).\n"
    "\n"
    "[b]Draws[/b]\n"
    "A position repeated three times at the start of a turn, or 200 turns without a foundation "
    "play, is a draw (D3). Type resign to resign; agree offers a draw (your opponent must "
    "accept).\n"
    "\n"
    "[b]The one-deck game[/b] (--preset single)\n"
    "Each player gets 26 cards as a stock and lays out four piles at their first turn. There are "
    "no reserves and no foundations; piles build in suit, one rank up or down, King and Ace "
    "adjacent; only the hand card may be loaded onto the opponent's waste; you may not discard "
    "while a space is open. The first to run out of cards wins (S-1 to S-7). There is no Stop in "
    "this game.\n"
)

_KEYS_RU = (
    "[b]Клавиши[/b]: выберите стопку, откуда взять карту, затем — куда её положить (клавиши "
    "напечатаны рядом со стопками).\n"
    "\n"
    "  [b]1-4[/b]  ваши стопки табло        [b]5-8[/b]  стопки соперника\n"
    "  [b]R[/b]    верхняя карта резерва    [b]r[/b]    резерв соперника (подкладка)\n"
    "  [b]H[/b]    карта в руке             [b]F[/b]    база\n"
    "  [b]S[/b]    взять карту из колоды    [b]w[/b]    сброс соперника (подкладка)\n"
    "  [b]W[/b] или [b]x[/b]  сбросить карту из руки (ход окончен)\n"
    "  [b]p[/b]    пас (только когда колода, сброс и рука пусты)\n"
    "  [b]Esc[/b]  вернуть взятую карту на место\n"
    "\n"
    "R, H, F и S работают в любом регистре; различаются только w (сброс соперника) и W (ваш). "
    "Мышью: щёлкните стопку, откуда брать, затем — куда класть.\n"
    "\n"
    "  [b]:[/b] или [b]Tab[/b]  ввести ход (RF 3w SH HW pass stop resign agree oresign)\n"
    "  [b]![/b]    «Стоп!» (только в игре со «Стопом», объявляет тот, кто не ходит)\n"
    "  [b]i[/b]    подсказка                [b]u[/b]    вернуть свой ход (в этом ходе)\n"
    "  [b].[/b]    показать остаток хода компьютера сразу\n"
    "  [b]+[/b] [b]-[/b]  компьютер играет быстрее, медленнее\n"
    "  [b]n[/b]    новая партия (когда партия окончена)\n"
    "  [b]?[/b]    эта справка              [b]q[/b]    сохранить и выйти\n"
    "\n"
    "Партия сохраняется после каждого хода; russianbank play --resume продолжает её.\n"
    "\n"
    "Клавиши подсвечиваются: взятая стопка — жёлтым, куда её можно положить — зелёным, подсказка "
    "— фиолетовым, последний ход компьютера — синим (карты подчёркнуты). Колода игрока A — "
    "светлые карты с закрашенными мастями ♠♥♦♣; колода игрока B — голубые карты с контурными "
    "мастями ♤♡♢♧.\n"
)

_RULES_RU = (
    "[b]Игра[/b]\n"
    "У каждого игрока есть резерв (12 карт рубашкой вверх, 13 в вариантах «Хойл» и «русская, "
    "13»; верхняя карта открыта), колода и сброс. Восемь стопок табло (по четыре с каждой "
    "стороны) общие; на восемь баз в середине карты кладутся по масти от туза до короля. Кто "
    "первым избавится от резерва, колоды, сброса и карты в руке, выигрывает (D1) и получает 30 "
    "очков (0 в варианте «Хойл») + 2 за каждую карту, оставшуюся в резерве проигравшего, + 1 за "
    "каждую карту в его колоде и сбросе (D2). Партии одного сеанса складываются в матч (D4).\n"
    "\n"
    "[b]Ходы[/b] (по одной карте)\n"
    "Можно брать верхнюю карту любой стопки табло, верхнюю карту своего резерва и карту в руке "
    "(R4): на базу — туза на пустую, иначе карту той же масти на одно старше (R5a); на стопку "
    "табло — на одно младше и другого цвета (R5b; в варианте «в масть» — той же масти), короля — "
    "только на свободное место; на свободное место — любую карту (R5c); подкладка — на верхнюю "
    "карту резерва или сброса соперника, той же масти, на одно старше или младше (R5d). Взять из "
    "колоды (S) — открыть верхнюю карту колоды в руку; её нужно положить или сбросить в свой "
    "сброс. [b]Сброс заканчивает ход[/b] (R7). Пустая колода пополняется из сброса (R8).\n"
    "\n"
    "[b]Порядок ходов[/b]\n"
    "O1: пока какую-то карту можно положить на базу, следующим ходом нужно класть на базу. O2: "
    "верхняя карта резерва идёт на базу раньше карт табло. O3: пока есть резерв, картой из руки "
    "нельзя занимать свободное место. O4: пока есть резерв, нельзя брать из колоды, когда есть "
    "свободное место. По строгим правилам (по умолчанию) такие ходы не принимаются, и называется "
    "нарушенное правило. В игре со «Стопом» (--stops) их сделать можно, а соперник может "
    "объявить [b]«Стоп!»[/b], пока ход нарушителя не окончен (S1): ход сразу заканчивается, и (в "
    "классике) ходы после нарушения отменяются (S3). Необоснованный «Стоп!» отклоняется (S2).\n"
    "\n"
    "[b]Ничья[/b]\n"
    "Если позиция в начале хода повторилась трижды или 200 ходов подряд ни одна карта не легла "
    "на базу, это ничья (D3). Введите resign, чтобы сдаться; agree — предложить ничью (соперник "
    "должен согласиться).\n"
    "\n"
    "[b]Игра одной колодой[/b] (--preset single)\n"
    "Каждый получает 26 карт колодой и в свой первый ход выкладывает четыре стопки. Резервов и "
    "баз нет; стопки строятся по масти, на одно старше или младше, король и туз соседние; на "
    "сброс соперника можно подкладывать только карту из руки; нельзя сбрасывать, пока есть "
    "свободное место. Выигрывает тот, у кого первым кончатся карты (от S-1 до S-7). «Стопа» в "
    "этой игре нет.\n"
)

EN.update(
    {
        "play.help.keys": _KEYS_EN,
        "play.help.rules": _RULES_EN,
        "play.help.close": "Esc closes this help (arrows, PgUp and PgDn scroll).",
        "play.level.beginner": "beginner",
        "play.level.easy": "easy",
        "play.level.medium": "medium",
        "play.level.hard": "hard",
        "play.level.expert": "expert",
        "play.preset.classic": "classic",
        "play.preset.hoyle": "hoyle",
        "play.preset.suited": "suited",
        "play.preset.russian13": "russian13",
        "play.preset.single": "one deck",
        "play.preset.custom": "custom rules",
        "play.mode.strict": "strict",
        "play.mode.stops": "with Stop!",
        "play.tui.status": "{preset} · {mode} · turn {turn}",
        "play.tui.state.you": "▶ your turn",
        "play.tui.state.other": "▶ {who:poss} turn",
        "play.tui.state.over": "game over: {headline}",
        "play.tui.name.you": "You",
        "play.tui.name.computer": "Computer",
        "play.tui.name.A": "Player A",
        "play.tui.name.B": "Player B",
        "play.tui.space": "space",
        "play.tui.not_laid": "(not laid out yet)",
        "play.tui.no_foundations": "(the one-deck game has no foundations)",
        "play.tui.legend.decks": "decks:",
        "play.tui.legend.rest": "▒ face down  · empty",
        "play.tui.log.title": "Moves · pace {pace} s · {level}",
        "play.tui.log.title_hotseat": "Moves",
        "play.tui.log.sides": "A = {a}, B = {b}",
        "play.tui.log.turn": "Turn {n} · {who}",
        "play.tui.log.annulled": "{what} (taken back by the Stop)",
        "play.tui.input": "type a move: RF 3w SH HW pass stop resign, then Enter",
        "play.key.help": "Help",
        "play.key.hint": "Hint",
        "play.key.undo": "Undo",
        "play.key.stop": "Stop!",
        "play.key.type": "Type",
        "play.key.skip": "Skip",
        "play.key.pace": "Pace",
        "play.key.new": "New game",
        "play.key.quit": "Save & quit",
        "play.tui.welcome.computer": (
            "You are A (bottom) against the computer ({level}). Pick a pile, then a target; ? for help."
        ),
        "play.tui.welcome.hotseat": "Two players at one keyboard. Pick a pile, then a target; ? for help.",
        "play.tui.resumed": "The saved game goes on at turn {turn}.",
        "play.tui.new_game": "A new game.",
        "play.tui.game_over_keys": "Game over: n for another game, q to quit.",
        "play.tui.thinking_hint": "Thinking of a hint…",
        "play.tui.picked": "{card} picked up {pile:from}: it can go to {keys} (Esc puts it back).",
        "play.tui.picked_stuck": (
            "{card} picked up {pile:from}, but it has no legal move now: {why} (Esc puts it back)."
        ),
        "play.tui.stuck.none": "no pile takes it",
        "play.tui.nothing_there": "Nothing to pick up here ({pile}): {reason}",
        "play.tui.nothing_there_plain": "Nothing to pick up here ({pile}).",
        "play.tui.put_back": "Put back.",
        "play.tui.pace": "The computer now waits {pace} s between its moves.",
        "play.tui.pace_hotseat": "There is no computer in this game.",
        "play.tui.confirm.resign": "Resign this game? Your opponent scores as if they had won (D2).",
        "play.tui.confirm.resign_keys": "y: resign    n or Esc: play on",
        "play.tui.confirm.draw": "{to:cap}: {who} offers a draw. Do you agree?",
        "play.tui.confirm.draw_keys": "y: agree to a draw    n or Esc: play on",
        "play.tui.confirm.oresign": "{to:cap}: do you resign this game?",
        "play.tui.oresign_computer": "You cannot resign for the computer (type resign to resign yourself).",
        "play.tui.save_failed": "Could not save the game ({error}); the move was not played.",
        "play.tui.saved_in": "Game saved in {path}; continue it with:  russianbank play --resume",
        "play.tui.too_small": (
            "This terminal is {w}×{h}; the game needs at least {need_w}×{need_h}. Make the "
            "window bigger: the game waits."
        ),
        "play.tui.end.keys": "n: another game    q: quit    Esc: look at the table",
        "play.tui.resume.none": "No saved game in {path}: a new game has started.",
        "play.tui.resume.over": "The last saved game is over ({headline}). A new game of the same match has started.",
        "play.tui.resume.damaged": "The saved game {path} is damaged: {damage}",
        "play.tui.resume.kept": "It was kept as {kept}.",
        "play.tui.resume.not_kept": "It could not be moved aside.",
        "play.tui.resume.salvage": "{n|The # move|The # moves} before the damaged one {n|replays|replay}.",
        "play.tui.resume.salvage_keys": "Enter: continue from the last good move    n: a new game",
        "play.tui.resume.fresh": "A new game has started with the saved mode, level and rules.",
        "play.tui.resume.fresh_plain": "A new game has started.",
        "play.tui.continue_key": "Enter: continue",
        "play.tui.bad_option": "russianbank play: {problem}",
        "play.tui.no_ai": "russianbank play: the computer players are not available ({error}); try --hotseat",
        "play.save.unreadable": "it cannot be read ({reason}).",
        "play.save.bad_line": "line {line} is not part of a game record: “{text}”.",
        "play.save.binary": "it holds bytes that are not text.",
        "play.save.no_rules": "the rules of the game are missing.",
        "play.save.no_deal": "the deal cannot be read (it is sealed with another machine's key, or damaged).",
        "play.save.bad_move": "move {number} ({move}, line {line}) does not replay: {reason}",
        "play.save.reveals": "the cards it turned up are not the recorded ones",
    }
)

RU.update(
    {
        "play.help.keys": _KEYS_RU,
        "play.help.rules": _RULES_RU,
        "play.help.close": "Esc закрывает справку (листать — стрелками, PgUp и PgDn).",
        "play.level.beginner": "новичок",
        "play.level.easy": "лёгкий",
        "play.level.medium": "средний",
        "play.level.hard": "сильный",
        "play.level.expert": "эксперт",
        "play.preset.classic": "классика",
        "play.preset.hoyle": "Хойл",
        "play.preset.suited": "в масть",
        "play.preset.russian13": "русская, 13",
        "play.preset.single": "одна колода",
        "play.preset.custom": "свои правила",
        "play.mode.strict": "строгие правила",
        "play.mode.stops": "со «Стопом»",
        "play.tui.status": "{preset} · {mode} · ход {turn}",
        "play.tui.state.you": "▶ ваш ход",
        "play.tui.state.other": "▶ ход {who:gen}",
        "play.tui.state.over": "партия окончена: {headline}",
        "play.tui.name.you": "Вы",
        "play.tui.name.computer": "Компьютер",
        "play.tui.name.A": "Игрок A",
        "play.tui.name.B": "Игрок B",
        "play.tui.space": "свободно",
        "play.tui.not_laid": "(ещё не выложена)",
        "play.tui.no_foundations": "(в игре одной колодой баз нет)",
        "play.tui.legend.decks": "колоды:",
        "play.tui.legend.rest": "▒ рубашкой вверх  · пусто",
        "play.tui.log.title": "Ходы · темп {pace} с · {level}",
        "play.tui.log.title_hotseat": "Ходы",
        "play.tui.log.sides": "A — {a}, B — {b}",
        "play.tui.log.turn": "Ход {n} · {who}",
        "play.tui.log.annulled": "{what} (отменён «Стопом»)",
        "play.tui.input": "введите ход: RF 3w SH HW pass stop resign, затем Enter",
        "play.key.help": "Справка",
        "play.key.hint": "Подсказка",
        "play.key.undo": "Вернуть",
        "play.key.stop": "«Стоп!»",
        "play.key.type": "Ввод",
        "play.key.skip": "Пропустить",
        "play.key.pace": "Темп",
        "play.key.new": "Новая партия",
        "play.key.quit": "Сохранить и выйти",
        "play.tui.welcome.computer": (
            "Вы — игрок A (внизу), против вас компьютер ({level}). Выберите стопку, затем — куда класть; ? — справка."
        ),
        "play.tui.welcome.hotseat": (
            "Двое игроков за одной клавиатурой. Выберите стопку, затем — куда класть; ? — справка."
        ),
        "play.tui.resumed": "Сохранённая партия продолжается с хода {turn}.",
        "play.tui.new_game": "Новая партия.",
        "play.tui.game_over_keys": "Партия окончена: n — ещё партия, q — выход.",
        "play.tui.thinking_hint": "Подсказка обдумывается…",
        "play.tui.picked": "{card} взята {pile:from}: её можно положить на {keys} (Esc — вернуть на место).",
        "play.tui.picked_stuck": (
            "{card} взята {pile:from}, но сейчас ей некуда пойти: {why} (Esc — вернуть на место)."
        ),
        "play.tui.stuck.none": "её не принимает ни одна стопка",
        "play.tui.nothing_there": "Здесь нечего взять ({pile}): {reason}",
        "play.tui.nothing_there_plain": "Здесь нечего взять ({pile}).",
        "play.tui.put_back": "Карта возвращена на место.",
        "play.tui.pace": "Теперь компьютер ждёт {pace} с между ходами.",
        "play.tui.pace_hotseat": "В этой партии нет компьютера.",
        "play.tui.confirm.resign": "Сдать партию? Соперник получит очки, как за победу (D2).",
        "play.tui.confirm.resign_keys": "y — сдаться    n или Esc — играть дальше",
        "play.tui.confirm.draw": "{to:cap}: {who} предлагает ничью. Вы согласны?",
        "play.tui.confirm.draw_keys": "y — согласиться на ничью    n или Esc — играть дальше",
        "play.tui.confirm.oresign": "{to:cap}: вы сдаёте партию?",
        "play.tui.oresign_computer": "Сдаться за компьютер нельзя (чтобы сдаться самому, введите resign).",
        "play.tui.save_failed": "Не удалось сохранить партию ({error}); ход не сделан.",
        "play.tui.saved_in": "Партия сохранена в {path}; продолжить:  russianbank play --resume",
        "play.tui.too_small": (
            "Окно терминала — {w}×{h}, а игре нужно не меньше {need_w}×{need_h}. Увеличьте окно: игра подождёт."
        ),
        "play.tui.end.keys": "n — ещё партия    q — выход    Esc — посмотреть на стол",
        "play.tui.resume.none": "В {path} нет сохранённой партии: началась новая.",
        "play.tui.resume.over": (
            "Последняя сохранённая партия окончена ({headline}). Началась новая партия того же матча."
        ),
        "play.tui.resume.damaged": "Файл сохранённой партии {path} повреждён: {damage}",
        "play.tui.resume.kept": "Файл сохранён как {kept}.",
        "play.tui.resume.not_kept": "Файл не удалось отложить в сторону.",
        "play.tui.resume.salvage": (
            "{n|# ход до повреждённого воспроизводится|# хода до повреждённого воспроизводятся"
            "|# ходов до повреждённого воспроизводятся}."
        ),
        "play.tui.resume.salvage_keys": "Enter — продолжить с последнего целого хода    n — новая партия",
        "play.tui.resume.fresh": "Началась новая партия с сохранёнными режимом, уровнем и правилами.",
        "play.tui.resume.fresh_plain": "Началась новая партия.",
        "play.tui.continue_key": "Enter — продолжить",
        "play.tui.bad_option": "russianbank play: {problem}",
        "play.tui.no_ai": "russianbank play: компьютерные игроки недоступны ({error}); попробуйте --hotseat",
        "play.save.unreadable": "его нельзя прочитать ({reason}).",
        "play.save.bad_line": "строка {line} не относится к записи партии: «{text}».",
        "play.save.binary": "в нём есть байты, которые не являются текстом.",
        "play.save.no_rules": "в нём нет правил партии.",
        "play.save.no_deal": "расклад нельзя прочитать (он запечатан ключом другого компьютера или повреждён).",
        "play.save.bad_move": "ход {number} ({move}, строка {line}) не воспроизводится: {reason}",
        "play.save.reveals": "открытые им карты не совпадают с записанными",
    }
)
