"""The help screen's text: keys and a summary of the rules (RULES.md)."""

from __future__ import annotations

KEYS = """\
[b]Keys[/b]  pick a source pile, then a target pile (keys printed beside the piles)

  [b]1-4[/b]  your tableau piles        [b]5-8[/b]  the opponent's tableau piles
  [b]R[/b]    your reserve top          [b]r[/b]    the opponent's reserve (loading)
  [b]H[/b]    the hand card             [b]F[/b]    a foundation
  [b]S[/b]    draw (stock to hand)      [b]w[/b]    the opponent's waste (loading)
  [b]W[/b] or [b]x[/b]  discard the hand card onto your waste (ends the turn)
  [b]p[/b]    pass (only when stock, waste and hand are empty)
  R, H, F, S work in either case; only w (opponent's waste) and W (yours) differ.
  [b]Esc[/b]  put the picked card back   Mouse: click a source pile, then a target.

  [b]:[/b] or [b]Tab[/b]  type a move in the notation (RF 3w SH HW pass stop resign);
           Enter plays it, Esc goes back to the pile keys
  [b]![/b]    call Stop! (stops mode: on the side not on move)
  [b]i[/b]    hint                      [b]u[/b]    undo your move (this turn)
  [b].[/b]    skip: show the computer's moves at once this turn
  [b]+[/b]/[b]-[/b]  the computer plays faster/slower
  [b]n[/b]    new game (when the game is over)
  [b]?[/b]    this help                 [b]q[/b]    save and quit
  (the game is saved after every move: russianbank play --resume continues it)

  Keys light up: the picked pile yellow, its legal targets green, a hint
  purple, the computer's last move blue (the cards concerned are underlined). A's deck: cream cards, filled suits ♠♥♦♣;
  B's deck: light blue cards, hollow suits ♤♡♢♧.
"""

RULES = """\
[b]The game[/b]
Each player has a reserve (12 cards face down, 13 in [i]hoyle[/i] and [i]russian13[/i]; \
the top one face up), a stock and a waste. Eight tableau piles (four on each side) are \
common property; eight foundations in the middle are built up in suit from Ace to King. \
The first to get rid of reserve, \
stock, waste and hand wins (D1) and scores 30 (0 in [i]hoyle[/i]) + 2 per card left in \
the loser's reserve \
+ 1 per card in the loser's stock and waste (D2). The games of a session add up to a \
match (D4).

[b]Moves[/b] (one card at a time)
You may move the top card of any tableau pile, your reserve top and your hand card (R4):
  - to a foundation: an Ace on an empty one, else the same suit one rank higher (R5a);
  - to a tableau pile: one rank lower and the opposite colour (R5b; [i]suited[/i]: \
the same suit); a King only into a space;
  - into a space (an empty pile): any card (R5c);
  - [i]loading[/i]: onto the opponent's reserve top or waste top, the same suit, one rank \
up or down (R5d).
Drawing (S) turns your stock's top card into the hand; place it, or discard it onto \
your waste. [b]The discard ends your turn[/b] (R7). An empty stock is refilled from the \
waste (R8).

[b]Rules of order[/b]
  O1  while a card can go to a foundation, the next move must be a foundation move;
  O2  the reserve top goes to a foundation before any tableau card does;
  O3  while your reserve lasts, the hand card may not go into a space;
  O4  while your reserve lasts, you may not draw with a space open.
In strict mode (the default) such moves are refused with the rule's name. With \
--stops they may be made, and the opponent may call [b]Stop![/b] while the offending \
turn lasts (S1): the turn ends at once and (classic) the moves since the violation are \
taken back (S3). An unfounded Stop is refused (S2).

[b]Draws[/b]  A position repeated three times at the start of a turn, or 200 turns \
without a foundation play, is a draw (D3). Type [b]resign[/b] to resign.

[b]The one-deck game[/b] ([i]--preset single[/i])
Each player gets 26 cards as a stock and lays out four piles at their first turn. \
There are no reserves and no foundations; piles build in suit, one rank up or down, \
King and Ace adjacent; only the hand card may be loaded onto the opponent's waste; you \
may not discard while a space is open. The first to run out of cards wins (S-1..S-7).
"""
