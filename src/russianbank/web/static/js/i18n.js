// English and Russian texts, and the language switch.
const STRINGS = {
  en: {
    title: "Russian Bank",
    tagline: "Crapette, the two-player competitive solitaire",
    vsComputer: "Play the computer",
    vsFriend: "A table for two",
    level: "Level",
    preset: "Rules",
    stops: "Stop! mode (violations may be made; the other side may call Stop)",
    start: "Start",
    createTable: "Create the table",
    friendHelp: "You get a private link to send to your friend. Each of you holds your own seat.",
    inProgress: "Your games on this browser",
    noGames: "No games yet.",
    resume: "Resume",
    forget: "Forget",
    rules: "Rules",
    home: "Start page",
    language: "Language",
    you: "You",
    opponent: "Opponent",
    computer: "Computer",
    playerA: "Player A",
    playerB: "Player B",
    yourTurn: "Your turn",
    theirTurn: "{name}'s turn",
    thinking: "{name} is thinking…",
    watching: "Watching",
    stop: "Stop!",
    hint: "Hint",
    pass: "Pass",
    resign: "Resign",
    confirmResign: "Resign this game?",
    moveLog: "Moves",
    match: "Match",
    game: "game",
    reserve: "Reserve",
    stock: "Stock",
    waste: "Waste",
    hand: "Hand",
    foundations: "Foundations",
    inviteTitle: "Invite your friend",
    inviteHelp: "Send this link to your friend (it holds their seat):",
    watchLink: "Watch link (spectators only see):",
    copy: "Copy",
    copied: "Copied",
    waitingFriend: "Waiting for your friend's moves…",
    gameOver: "Game over",
    youWon: "You won!",
    youLost: "You lost.",
    wins: "{name} wins",
    draw: "Drawn",
    termination: "How it ended",
    bonus: "Bonus",
    reserveCards: "Reserve cards (×2)",
    stockWasteCards: "Stock and waste cards",
    handCards: "Hand card",
    total: "Total",
    playAgain: "Play again",
    nextGame: "Next game",
    download: "Download the record",
    close: "Close",
    illegal: "Not allowed",
    notYourTurn: "It is not your turn.",
    connecting: "Connecting…",
    reconnecting: "Connection lost: reconnecting…",
    unknownGame: "There is no such game.",
    stopFounded: "Stop! by {name}: {rule} broken by {move}. {penalty}",
    stopUnfounded: "Stop! by {name}: unfounded ({rule}); play goes on.",
    annulled: "{n} move(s) taken back; the turn passes.",
    stand: "The moves stand; the turn passes.",
    hintText: "Hint: {moves}",
    noHint: "No hint.",
    keyboardHelp: "Keyboard: type a move in the notation — source then target, e.g. R F, 3 w, S H (draw), H W (discard). Esc cancels, ? asks for a hint.",
    moveInput: "Move",
    send: "Play",
    cardsLeft: "R {r} · S {s} · W {w}",
    levels: { beginner: "Beginner", easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert" },
    terminations: {
      win: "a player emptied reserve, stock, waste and hand",
      resignation: "resignation",
      "agreed draw": "agreed draw",
      repetition: "the same position a third time",
      "no progress": "no foundation play for too long",
    },
  },
  ru: {
    title: "Русский банк",
    tagline: "Крапет — пасьянс на двоих",
    vsComputer: "Играть с компьютером",
    vsFriend: "Стол на двоих",
    level: "Уровень",
    preset: "Правила",
    stops: "Режим «Стоп!» (нарушения возможны; соперник может сказать «Стоп»)",
    start: "Начать",
    createTable: "Создать стол",
    friendHelp: "Вы получите личную ссылку для друга. У каждого своё место.",
    inProgress: "Ваши партии в этом браузере",
    noGames: "Партий пока нет.",
    resume: "Продолжить",
    forget: "Забыть",
    rules: "Правила",
    home: "На главную",
    language: "Язык",
    you: "Вы",
    opponent: "Соперник",
    computer: "Компьютер",
    playerA: "Игрок A",
    playerB: "Игрок B",
    yourTurn: "Ваш ход",
    theirTurn: "Ход: {name}",
    thinking: "{name} думает…",
    watching: "Наблюдение",
    stop: "Стоп!",
    hint: "Подсказка",
    pass: "Пас",
    resign: "Сдаться",
    confirmResign: "Сдать партию?",
    moveLog: "Ходы",
    match: "Матч",
    game: "партия",
    reserve: "Резерв",
    stock: "Колода",
    waste: "Сброс",
    hand: "Рука",
    foundations: "Базы",
    inviteTitle: "Пригласите друга",
    inviteHelp: "Отправьте эту ссылку другу (она даёт ему его место):",
    watchLink: "Ссылка для зрителей:",
    copy: "Копировать",
    copied: "Скопировано",
    waitingFriend: "Ждём ходов друга…",
    gameOver: "Партия окончена",
    youWon: "Вы выиграли!",
    youLost: "Вы проиграли.",
    wins: "Победил(а) {name}",
    draw: "Ничья",
    termination: "Как закончилась",
    bonus: "Премия",
    reserveCards: "Карты резерва (×2)",
    stockWasteCards: "Карты колоды и сброса",
    handCards: "Карта в руке",
    total: "Итого",
    playAgain: "Сыграть ещё",
    nextGame: "Следующая партия",
    download: "Скачать запись партии",
    close: "Закрыть",
    illegal: "Так нельзя",
    notYourTurn: "Сейчас не ваш ход.",
    connecting: "Соединение…",
    reconnecting: "Связь потеряна: переподключение…",
    unknownGame: "Такой партии нет.",
    stopFounded: "«Стоп!» от {name}: нарушено {rule} ходом {move}. {penalty}",
    stopUnfounded: "«Стоп!» от {name}: необоснованно ({rule}); игра продолжается.",
    annulled: "Отменено ходов: {n}; ход переходит.",
    stand: "Ходы остаются; ход переходит.",
    hintText: "Подсказка: {moves}",
    noHint: "Подсказки нет.",
    keyboardHelp: "Клавиатура: наберите ход в нотации — откуда и куда, напр. R F, 3 w, S H (взять), H W (сбросить). Esc — отмена, ? — подсказка.",
    moveInput: "Ход",
    send: "Сыграть",
    cardsLeft: "Р {r} · К {s} · С {w}",
    err_stale: "Позиция уже изменилась: посмотрите ещё раз.",
    err_game_over: "Партия окончена.",
    err_spectator: "Зрители только смотрят.",
    err_not_your_stop: "«Стоп» говорит только тот, кто сейчас не ходит (S1).",
    err_no_stops: "В этой партии нет «Стоп» (строгий режим).",
    levels: { beginner: "Новичок", easy: "Лёгкий", medium: "Средний", hard: "Трудный", expert: "Эксперт" },
    terminations: {
      win: "игрок избавился от резерва, колоды, сброса и руки",
      resignation: "сдача",
      "agreed draw": "ничья по согласию",
      repetition: "третье повторение позиции",
      "no progress": "слишком долго без хода на базы",
    },
  },
};

// Short statements of each rule, for the reason shown when a move is refused.
export const RULE_TEXT = {
  en: {},
  ru: {
    R4: "доступны только верхние карты табло, открытая карта своего резерва и карта в руке",
    R5a: "на базу: туз на пустое место, дальше по масти по возрастанию; с базы карты не уходят",
    R5b: "на табло: на карту на единицу старше и другого цвета; король — только на пустое место",
    R5d: "нагрузка: на резерв или сброс соперника — той же масти, на единицу старше или младше",
    R5e: "нельзя класть на свой резерв, свой сброс (кроме сброса из руки), на колоду",
    R7: "ход: берите карту из колоды, кладите её или сбрасывайте (сброс заканчивает ход)",
    O1: "сначала на базы: пока карта может пойти на базу, следующий ход — на базу",
    O2: "сначала резерв: карта резерва идёт на базу раньше карт табло",
    O3: "пока есть резерв, карту из руки нельзя класть на пустое место",
    O4: "пока есть резерв, нельзя брать из колоды при пустом месте на табло",
    S1: "«Стоп» говорит только соперник, и только пока идёт ход с нарушением",
    S2: "в этом ходу правила порядка не нарушены",
    D1: "партия окончена",
    "S-1": "в игре одной колодой нет резерва и баз",
    "S-3": "эта стопка табло ещё не выложена",
    "S-4": "табло: той же масти, на единицу старше или младше (по кругу)",
    "S-5": "на сброс соперника — только карта из руки, той же масти, на единицу старше или младше",
    "S-6": "нельзя сбрасывать (кончать ход), пока на табло есть пустое место; паса нет",
  },
};

export function getLang() {
  const saved = localStorage.getItem("rb.lang");
  if (saved === "en" || saved === "ru") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en";
}

export function setLang(lang) {
  localStorage.setItem("rb.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const lang = getLang();
  let s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (typeof s === "string") {
    for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  }
  return s;
}

export function applyTexts(root = document) {
  document.documentElement.lang = getLang();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

export function langSwitch(onChange) {
  const sel = document.getElementById("lang");
  if (!sel) return;
  sel.value = getLang();
  sel.addEventListener("change", () => {
    setLang(sel.value);
    applyTexts();
    if (onChange) onChange();
  });
}

// Games this browser plays (localStorage): [{id, token, seat, mode, level, friend_url, created}]
export function savedGames() {
  try {
    const v = JSON.parse(localStorage.getItem("rb.games") || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export function saveGame(entry) {
  const games = savedGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  localStorage.setItem("rb.games", JSON.stringify(games.slice(0, 50)));
}

export function forgetGame(id) {
  localStorage.setItem("rb.games", JSON.stringify(savedGames().filter((g) => g.id !== id)));
}
