// The zombie_rules reference web client: plain JavaScript over the JSON API.
//
// Every text that comes from the server (card names, stories, log lines) goes into
// the page with textContent, never as HTML: a Texas Zombies story is anyone's text.
//
// What the browser keeps (localStorage, so every tab of this browser shares it):
// "zombie-rules-games", this browser's games by id, each with the tokens of the seats
// played on this screen and the admin token; a seat played elsewhere keeps no token
// here once its invite link has been shown. "zombie-rules-settings": the person's
// settings. A tab keeps which game and seat it shows in sessionStorage.
"use strict";

const $ = (id) => document.getElementById(id);
const GAMES_KEY = "zombie-rules-games";
const CURRENT_KEY = "zombie-rules-current";
const SETTINGS_KEY = "zombie-rules-settings";
const POLL_MS = 2000;
const HERE = "here";
const ELSEWHERE = "elsewhere";
// More moves than this are grouped by their first word, as the terminal's menu does.
const MENU_LABELS = 12;

let titles = [];       // from /api/titles
let game = null;       // {id, title, admin, created, seats: [{seat, kind, token, where}]}
let shown = null;      // the seat on screen (a number), or "spectator"
let payload = null;    // the last payload on screen
let pendingRecord = null;
let busy = false;
let pollTimer = null;
let watch = null;      // the events stream open: {seat, controller}
let pushBroken = false; // the server's push failed once: poll instead
let missed = false;    // a push came while a move was in flight
let replay = null;     // {seat, at, of} while stepping through a finished game
let undone = false;    // the position on screen was reached by an undo: ask, do not play
const seenLog = {};    // seat -> log entries already shown (new ones are marked)

// ------------------------------------------------------------------ helpers

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function showError(message) {
  $("error-text").textContent = message;
  $("error").hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.message ? data.message : response.status + " " + response.statusText;
    const error = new Error(message);
    error.status = response.status;
    error.kind = data && data.error;
    throw error;
  }
  return data;
}

function readJson(storage, key, fallback) {
  try {
    const text = storage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch (e) {
    return fallback;
  }
}

function allGames() {
  return readJson(localStorage, GAMES_KEY, {});
}

function saveGame() {
  const games = allGames();
  games[game.id] = game;
  localStorage.setItem(GAMES_KEY, JSON.stringify(games));
  sessionStorage.setItem(CURRENT_KEY, JSON.stringify({ id: game.id, shown }));
}

function forgetGame(id) {
  const games = allGames();
  delete games[id];
  localStorage.setItem(GAMES_KEY, JSON.stringify(games));
}

function settings() {
  return readJson(localStorage, SETTINGS_KEY, { auto_forced: false });
}

function saveSettings(value) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(value));
}

// Round summaries already shown, per game and seat, so each is shown once.
function seenSummaries() {
  return (game && game.summaries) || {};
}

function seatOf(number) {
  return game.seats.find((s) => s.seat === number);
}

function localSeats() {
  return game.seats.filter((s) => s.token && s.where === HERE).map((s) => s.seat);
}

// Any token of this game held here: once a game is over it reads every seat's replay.
function anyToken() {
  const seat = game.seats.find((s) => s.token);
  return seat ? seat.token : game.admin;
}

function seatWord(seat) {
  return "Seat " + seat;
}

// ------------------------------------------------------------------ setup

function currentTitle() {
  return titles.find((t) => t.name === $("title").value);
}

function fieldInput(f) {
  let input;
  if (f.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(f.default);
  } else if (f.kind === "choice") {
    input = document.createElement("select");
    for (const value of f.choices) {
      const option = el("option", null, String(value).replace(/_/g, " "));
      option.value = value;
      input.appendChild(option);
    }
    input.value = f.default;
  } else if (f.kind === "int") {
    input = document.createElement("input");
    input.type = "number";
    input.step = "1";
    input.value = f.default === null ? "" : String(f.default);
    if (f.optional) input.placeholder = "none";
  } else {
    input = document.createElement("textarea");
    input.rows = 2;
    input.value = f.default === null ? "" : JSON.stringify(f.default);
    if (f.optional) input.placeholder = "the default set";
  }
  input.name = f.name;
  input.dataset.kind = f.kind;
  input.autocomplete = "off";
  return input;
}

function buildConfigFields() {
  const title = currentTitle();
  $("title-summary").textContent = title.summary || "";
  const box = $("config-fields");
  const more = $("more-config-fields");
  clear(box);
  clear(more);
  for (const f of title.fields) {
    const row = el("label", "field" + (f.kind === "json" ? " wide" : ""));
    row.dataset.field = f.name;
    row.dataset.label = f.label;
    const head = el("span", "field-head");
    head.appendChild(el("span", "field-name", f.label));
    const input = fieldInput(f);
    if (f.name === "players") input.addEventListener("change", buildSeatFields);
    input.addEventListener("input", () => row.classList.remove("wrong"));
    head.appendChild(input);
    row.appendChild(head);
    let help = f.help || "";
    if (!help && f.examples && f.examples.length) {
      help = "For example " + f.examples.map((v) => (v === null ? "none" : String(v))).join(", ") + ".";
    }
    if (f.optional && f.kind === "int") help += (help ? " " : "") + "Leave it empty for none.";
    if (help) row.appendChild(el("span", "field-help", help));
    row.appendChild(el("span", "field-error"));
    (f.more ? more : box).appendChild(row);
  }
  $("more-fields").hidden = !more.firstChild;
  buildSeatFields();
}

function playerCount() {
  const input = document.querySelector('#config-fields input[name="players"]');
  const n = input ? parseInt(input.value, 10) : currentTitle().players;
  return Number.isFinite(n) && n > 0 && n <= 12 ? n : currentTitle().players;
}

function buildSeatFields(keep) {
  const title = currentTitle();
  const box = $("seat-fields");
  const before = keep === false ? [] : Array.from(box.querySelectorAll("select")).map((s) => s.value);
  clear(box);
  for (let s = 0; s < playerCount(); s++) {
    const label = el("label", "field seat-field");
    label.appendChild(el("span", "field-name", seatWord(s)));
    const select = document.createElement("select");
    select.name = "seat-" + s;
    select.id = "seat-kind-" + s;
    select.autocomplete = "off";
    const options = [
      ["person:" + HERE, "Person, this screen"],
      ["person:" + ELSEWHERE, "Person elsewhere (invite link)"],
    ];
    for (const kind of title.seat_kinds) {
      if (kind !== "person") options.push([kind, "Bot: " + kind]);
    }
    for (const [value, text] of options) {
      const option = el("option", null, text);
      option.value = value;
      select.appendChild(option);
    }
    select.value = before[s] || (s === 0 ? "person:" + HERE : title.default_bot);
    label.appendChild(select);
    box.appendChild(label);
  }
}

function readConfig() {
  const title = currentTitle();
  const defaults = {};
  for (const f of title.fields) defaults[f.name] = f;
  const config = {};
  for (const input of document.querySelectorAll("#setup-form [data-kind]")) {
    const f = defaults[input.name];
    if (!f) continue;
    let value;
    if (f.kind === "bool") value = input.checked;
    else if (f.kind === "int") {
      const text = input.value.trim();
      value = text === "" ? (f.optional ? null : f.default) : Number(text);
    } else if (f.kind === "choice") value = input.value;
    else {
      const text = input.value.trim();
      if (text === "") value = f.optional ? null : f.default;
      else {
        try {
          value = JSON.parse(text);
        } catch (e) {
          value = text;
        }
      }
    }
    if (JSON.stringify(value) !== JSON.stringify(f.default)) config[f.name] = value;
  }
  return config;
}

function readSeats() {
  return Array.from($("seat-fields").querySelectorAll("select")).map((s) => s.value);
}

// The server names a wrong setting by its label ("Players: ..."): mark that field.
function markWrongField(message) {
  for (const row of document.querySelectorAll("#setup-form [data-field]")) {
    const wrong = message.startsWith(row.dataset.label + ":") || message.startsWith(row.dataset.field + ":");
    row.classList.toggle("wrong", wrong);
    row.querySelector(".field-error").textContent = wrong ? message.slice(message.indexOf(":") + 1).trim() : "";
    if (wrong && row.closest("#more-fields")) $("more-fields").open = true;
  }
}

async function startGame(event) {
  event.preventDefault();
  if (busy) return;
  hideError();
  const choices = readSeats();
  const seats = choices.map((c) => (c.startsWith("person:") ? "person" : c));
  const body = { seats };
  const seedText = $("seed").value.trim();
  if (seedText !== "") body.seed = Number(seedText);
  busy = true;
  try {
    let made;
    if (pendingRecord) {
      body.record = pendingRecord;
      made = await api("POST", "/api/games/import", body);
    } else {
      body.title = currentTitle().name;
      body.config = readConfig();
      made = await api("POST", "/api/games", body);
    }
    markWrongField("");
    game = {
      id: made.id,
      title: made.title,
      admin: made.admin_token,
      created: Date.now(),
      seats: made.seats.map((s, i) => ({
        seat: s.seat,
        kind: s.kind,
        token: s.token,
        where: s.kind === "person" ? choices[i].split(":")[1] : null,
      })),
      summaries: {},
    };
    pendingRecord = null;
    $("pending-record").hidden = true;
    const locals = localSeats();
    shown = locals.length ? locals[0] : "spectator";
    const invites = takeInvites();
    saveGame();
    resetSetup();
    enterPlay();
    if (invites.length) await showInvites(invites);
    await refresh();
  } catch (error) {
    markWrongField(error.message);
    showError(error.message);
  } finally {
    busy = false;
  }
}

// The invite links of the seats elsewhere, taken out of the game kept here: each is
// shown once, to the creator, and never to the players of this screen afterwards.
function takeInvites() {
  const links = [];
  for (const s of game.seats) {
    if (!s.token || s.where !== ELSEWHERE) continue;
    links.push([s.seat, location.origin + "/#join=" + encodeURIComponent(game.id) + "." + s.seat + "." +
      encodeURIComponent(s.token)]);
    s.token = null;
  }
  return links;
}

function showInvites(links) {
  const list = $("invite-list");
  clear(list);
  for (const [seat, link] of links) {
    const item = el("li");
    item.appendChild(el("span", "invite-seat", seatWord(seat) + ": "));
    item.appendChild(el("code", null, link));
    list.appendChild(item);
  }
  const dialog = $("invites-dialog");
  return new Promise((resolve) => {
    $("invites-done").onclick = () => {
      dialog.close();
      clear(list);
      resolve();
    };
    dialog.showModal();
  });
}

// A new game starts from the rulebook: nothing of the last game's seats or seed is reused.
function resetSetup() {
  $("seed").value = "";
  if (titles.length) {
    buildConfigFields();
    buildSeatFields(false);
  }
}

async function loadFile() {
  const file = $("load-file").files[0];
  if (!file) return;
  hideError();
  try {
    const record = JSON.parse(await file.text());
    const title = titles.find((t) => t.name === record.game);
    if (!title || !record.config || !Array.isArray(record.moves)) {
      throw new Error("that file is not a saved zombie_rules game");
    }
    $("title").value = title.name;
    buildConfigFields();
    const players = document.querySelector('#config-fields input[name="players"]');
    if (players && record.config.players) {
      players.value = String(record.config.players);
      buildSeatFields();
    }
    pendingRecord = record;
    const note = $("pending-record");
    note.textContent = "Continuing a saved " + title.name + " game of " + record.moves.length +
      " moves with its own rules: choose the seats and press Start.";
    note.hidden = false;
  } catch (error) {
    pendingRecord = null;
    showError("Cannot load that file: " + error.message);
  }
}

function leaveGame() {
  if (!game || (payload && payload.over)) {
    enterSetup();
    return;
  }
  $("leave-dialog").showModal();
}

function enterSetup() {
  stopWatching();
  stopReplay();
  game = null;
  payload = null;
  sessionStorage.removeItem(CURRENT_KEY);
  $("play").hidden = true;
  $("handoff").hidden = true;
  $("setup").hidden = false;
  $("save-game").hidden = true;
  $("leave-game").hidden = true;
  $("replay-game").hidden = true;
  $("game-info").textContent = "";
  resetSetup();
  drawMyGames();
}

function enterPlay() {
  $("setup").hidden = true;
  $("play").hidden = false;
  $("save-game").hidden = false;
  $("leave-game").hidden = false;
  $("game-info").textContent = game.title.replace(/_/g, " ") + " · game " + game.id;
}

function describeSeats(g) {
  return g.seats.map((s) => {
    if (s.kind !== "person") return s.kind;
    return s.token && s.where === HERE ? "you" : "elsewhere";
  }).join(", ");
}

function drawMyGames() {
  const games = Object.values(allGames()).sort((a, b) => (b.created || 0) - (a.created || 0));
  const list = $("my-games-list");
  clear(list);
  $("my-games").hidden = games.length === 0;
  for (const g of games) {
    const item = el("li", "my-game");
    item.dataset.id = g.id;
    const when = g.created ? new Date(g.created).toLocaleString() : "";
    item.appendChild(el("span", "my-game-title", (g.title || "a game").replace(/_/g, " ")));
    item.appendChild(el("span", "my-game-facts", "game " + g.id + " · seats: " + describeSeats(g) +
      (when ? " · started " + when : "") + (g.gone ? " · no longer on the server" : "")));
    const state = el("span", "my-game-state");
    item.appendChild(state);
    if (!g.gone) lookUp(g, state);
    if (!g.gone) {
      const resumeButton = el("button", "resume", "Resume");
      resumeButton.type = "button";
      resumeButton.addEventListener("click", () => resumeGame(g.id));
      item.appendChild(resumeButton);
    }
    const forget = el("button", "forget plain", "Forget");
    forget.type = "button";
    forget.addEventListener("click", () => {
      forgetGame(g.id);
      drawMyGames();
    });
    item.appendChild(forget);
    list.appendChild(item);
  }
}

// Where a game of the list stands, as anyone may know it (the spectator's answer).
async function lookUp(g, box) {
  try {
    const p = await api("GET", "/api/games/" + encodeURIComponent(g.id) + "/spectator");
    box.textContent = p.over
      ? "over"
      : "move " + p.version + (p.to_act.length ? ", waiting for " + p.to_act.map(seatWord).join(", ") : "");
    box.parentNode.dataset.state = p.over ? "over" : "playing";
  } catch (error) {
    if (error.status !== 404) return;
    box.textContent = "no longer on the server";
    box.parentNode.dataset.state = "gone";
  }
}

async function resumeGame(id) {
  hideError();
  const g = allGames()[id];
  if (!g) return;
  game = g;
  const locals = localSeats();
  shown = locals.length ? locals[0] : "spectator";
  try {
    await resume();
  } catch (error) {
    if (error.status === 404) {
      g.gone = true;
      const games = allGames();
      games[id] = g;
      localStorage.setItem(GAMES_KEY, JSON.stringify(games));
    }
    showError("Cannot continue that game: " + error.message);
    enterSetup();
  }
}

// ------------------------------------------------------------------ playing

async function fetchPayload(seat) {
  if (seat === "spectator") return api("GET", "/api/games/" + game.id + "/spectator");
  return api("GET", "/api/games/" + game.id + "/seats/" + seat, undefined, seatOf(seat).token);
}

async function refresh() {
  try {
    decide(await fetchPayload(shown), "answer");
  } catch (error) {
    if (error.status === 404) {
      showError(error.message + " Start a new game.");
      enterSetup();
    } else showError(error.message);
  }
}

// Who should be on screen: the seat shown if it may act; else another seat of this
// screen that may act, behind a hand-off; else wait (poll) for the others.
// ``via`` says how the payload came: "answer" (asked for), "push" or "poll".
function decide(p, via) {
  if (replay) return;
  $("play").dataset.via = via;
  const locals = localSeats();
  if (p.over || shown === "spectator") {
    stopWatching();
    show(p);
    if (!p.over && shown === "spectator") startWatching();
    return;
  }
  const acting = p.to_act.filter((s) => locals.includes(s));
  if (acting.includes(p.seat)) {
    stopWatching();
    show(p);
    return;
  }
  if (acting.length) {
    stopWatching();
    // A round that just ended is read by the one who ended it before the screen passes on.
    if (summaryKey(p) !== null) {
      show(p, acting[0]);
      return;
    }
    handOff(acting[0]);
    return;
  }
  show(p);
  startWatching();
}

function handOff(seat) {
  // Take the previous seat's cards off the page, not just out of sight.
  for (const id of ["board", "moves", "log", "text", "status", "seat-tabs"]) clear($(id));
  $("story-box").hidden = true;
  $("undo").hidden = true;
  closeMenu();
  if ($("summary-dialog").open) $("summary-dialog").close();
  payload = null;
  $("handoff-title").textContent = "Pass to " + seatWord(seat);
  $("handoff-note").textContent = "The screen is hidden so that " + seatWord(seat) +
    " does not see the previous player's cards. " + seatWord(seat) + ": press the button when only you can see the screen.";
  $("handoff-go").textContent = "I am " + seatWord(seat) + ": show my hand";
  $("handoff-go").dataset.seat = String(seat);
  $("play").dataset.version = "";
  $("handoff").hidden = false;
  $("handoff-go").focus();
}

async function takeOver() {
  const seat = Number($("handoff-go").dataset.seat);
  $("handoff").hidden = true;
  shown = seat;
  saveGame();
  await refresh();
}

// Waiting for the others: the server pushes each change down an events stream
// (server-sent events read with fetch, so the token stays in a header); when that
// fails the page polls instead.
function startWatching() {
  if (pushBroken || typeof ReadableStream === "undefined" || typeof TextDecoderStream === "undefined") {
    startPolling();
    return;
  }
  if (watch !== null && watch.seat === shown) return;
  stopWatching();
  const me = { seat: shown, controller: new AbortController() };
  watch = me;
  listen(me);
}

function stopWatching() {
  if (watch !== null) watch.controller.abort();
  watch = null;
  stopPolling();
}

function fallBack(me) {
  if (watch !== me) return;
  watch = null;
  pushBroken = true;
  startPolling();
}

async function listen(me) {
  const base = "/api/games/" + game.id;
  const path = me.seat === "spectator" ? base + "/spectator/events" : base + "/seats/" + me.seat + "/events";
  const headers = {};
  if (me.seat !== "spectator") headers.Authorization = "Bearer " + seatOf(me.seat).token;
  let response;
  try {
    response = await fetch(path + "?from=" + (payload ? payload.log.length : 0), {
      headers,
      signal: me.controller.signal,
    });
  } catch (error) {
    if (!me.controller.signal.aborted) fallBack(me);
    return;
  }
  if (!response.ok || !response.body) {
    fallBack(me);
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (watch === me) received(block);
      }
    }
  } catch (error) {
    if (!me.controller.signal.aborted) fallBack(me);
    return;
  }
  // The stream's time is up (or the game ended): open another if still waiting.
  if (watch === me) {
    watch = null;
    setTimeout(() => {
      if (watch === null && pollTimer === null && payload && !payload.over && !busy) startWatching();
    }, 500);
  }
}

function received(block) {
  let kind = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) kind = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trim());
  }
  if (kind === "gone") {
    stopWatching();
    showError("This game is no longer on the server. Start a new game.");
    return;
  }
  if (kind !== "payload" || !data.length || !payload) return;
  const event = JSON.parse(data.join("\n"));
  if (busy) {
    missed = true;
    return;
  }
  if (event.version === payload.version && event.over === payload.over && event.undos === payload.undos) return;
  if (event.log_from > payload.log.length || event.seat !== payload.seat) {
    refresh();
    return;
  }
  const p = Object.assign({}, event, { log: payload.log.slice(0, event.log_from).concat(event.log) });
  delete p.log_from;
  decide(p, "push");
}

function startPolling() {
  if (pollTimer === null) pollTimer = setInterval(poll, POLL_MS);
}

function stopPolling() {
  if (pollTimer !== null) clearInterval(pollTimer);
  pollTimer = null;
}

async function poll() {
  if (busy || !game || !payload) return;
  try {
    const p = await fetchPayload(shown);
    if (p.version !== payload.version || p.over !== payload.over || p.undos !== payload.undos) decide(p, "poll");
  } catch (error) {
    stopPolling();
    showError(error.message);
  }
}

async function send(path, body) {
  if (busy || !payload || shown === "spectator") return;
  busy = true;
  hideError();
  closeMenu();
  for (const button of document.querySelectorAll("#moves button, #board .actable, #undo")) button.disabled = true;
  body.version = payload.version;
  body.undos = payload.undos;
  body.auto_forced = settings().auto_forced;
  try {
    const p = await api("POST", "/api/games/" + game.id + "/seats/" + shown + path, body, seatOf(shown).token);
    undone = path === "/undo";
    $("story").value = "";
    $("move-text").value = "";
    missed = false;
    decide(p, "answer");
  } catch (error) {
    showError(error.message);
    if (error.status === 409) await refresh();
    else {
      for (const button of document.querySelectorAll("#moves button, #board .actable")) button.disabled = false;
      $("undo").disabled = !payload.can_undo;
    }
  } finally {
    busy = false;
  }
  if (missed) {
    missed = false;
    await refresh();
  }
}

function play(body) {
  return send("/moves", body);
}

function undo() {
  return send("/undo", {});
}

function chooseMove(move) {
  const story = $("story").value.trim();
  if (story && / tell /.test(" " + move.notation.split(": ").slice(1).join(": ") + " ")) {
    play({ notation: move.notation + " " + JSON.stringify(story) });
  } else {
    play({ index: move.index });
  }
}

// The seat's only move, when it asked to have those played for it (the server plays
// the ones that come up after a move; this one is on screen already).
function playForced(p) {
  if (undone) {
    undone = false;  // the move just taken back is asked again, not played again
    return;
  }
  if (!settings().auto_forced || p.seat === null || p.over || p.moves.length !== 1 || replay) return;
  setTimeout(() => {
    if (payload === p && !busy) chooseMove(p.moves[0]);
  }, 400);
}

// Once the game is over, the whole record (every card); before that, what the seat
// shown was told (a spectator: the public account).
async function exportGame() {
  hideError();
  const base = "/api/games/" + game.id;
  const seat = shown === "spectator" ? null : seatOf(shown);
  const token = seat ? seat.token : anyToken();
  let path = base + "/record";
  if (!payload || !payload.over) path = seat ? base + "/seats/" + seat.seat + "/record" : base + "/spectator/record";
  try {
    const response = await fetch(path, {
      headers: token ? { Authorization: "Bearer " + token } : {},
    });
    if (!response.ok) throw new Error((await response.json()).message);
    const blob = await response.blob();
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = game.title + "-" + game.id + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  } catch (error) {
    showError("Cannot save: " + error.message);
  }
}

// ------------------------------------------------------------------ replay

function replaySeats() {
  const choices = game.seats.map((s) => [String(s.seat), seatWord(s.seat) + (s.token && s.where === HERE ? " (you)" : "")]);
  choices.push(["spectator", "Spectator"]);
  return choices;
}

async function startReplay() {
  if (!payload || !payload.over) return;
  stopWatching();
  const select = $("replay-seat");
  clear(select);
  for (const [value, text] of replaySeats()) {
    const option = el("option", null, text);
    option.value = value;
    select.appendChild(option);
  }
  select.value = shown === "spectator" ? "spectator" : String(shown);
  replay = { seat: select.value, at: 0, of: payload.version };
  $("replay-range").max = String(payload.version);
  $("replay-bar").hidden = false;
  $("play").classList.add("replaying");
  await replayTo(0);
}

async function replayTo(n) {
  if (!replay) return;
  const at = Math.max(0, Math.min(replay.of, n));
  const base = "/api/games/" + game.id;
  try {
    const step = replay.seat === "spectator"
      ? await api("GET", base + "/spectator/at/" + at)
      : await api("GET", base + "/seats/" + replay.seat + "/at/" + at, undefined, anyToken());
    if (!replay) return;
    replay.at = at;
    $("replay-range").value = String(at);
    $("replay-at").textContent = "Move " + at + " of " + replay.of;
    $("play").dataset.replayAt = String(at);
    $("play").dataset.replaySeat = replay.seat;
    drawReplay(step);
  } catch (error) {
    showError("Cannot replay: " + error.message);
  }
}

function drawReplay(step) {
  const box = $("status");
  clear(box);
  if (step.board) box.appendChild(el("div", "headline", step.board.headline));
  const who = step.seat === null ? "the spectator" : seatWord(step.seat);
  box.appendChild(el("div", "turn", "Replay as " + who + ": after move " + step.version + " of " + step.of + "."));
  clear($("seat-tabs"));
  drawBoard(step, false);
  const moves = $("moves");
  clear(moves);
  moves.appendChild(el("p", "hint", "Step through the game with the buttons above the board."));
  $("type-move").hidden = true;
  $("undo").hidden = true;
  drawLog({ seat: "replay", log: step.log });
  $("text").textContent = step.text;
}

function stopReplay() {
  replay = null;
  $("replay-bar").hidden = true;
  $("play").classList.remove("replaying");
  delete $("play").dataset.replayAt;
}

async function closeReplay() {
  stopReplay();
  await refresh();
}

// ------------------------------------------------------------------ drawing

function show(p, thenPass) {
  payload = p;
  $("save-game").textContent = p.over ? "Save game" : "Save my account";
  $("replay-game").hidden = !p.over;
  $("play").dataset.version = String(p.version);
  $("play").dataset.seat = String(p.seat);
  drawStatus(p);
  drawTabs(p);
  drawBoard(p, true);
  drawMoves(p);
  drawLog(p);
  $("text").textContent = p.text;
  showSummary(p, thenPass);
  if (thenPass === undefined) playForced(p);
}

function resultText(p) {
  const r = p.result;
  if (!r) return "Game over: " + (p.ended || "ended") + ".";
  const winners = r.winners.slice().sort((a, b) => a - b);
  const who = winners.length ? winners.map(seatWord).join(" and ") : "Nobody";
  const verb = winners.length === 1 ? "wins" : "win";
  const scores = r.scores.map((score, s) => seatWord(s) + " " + score).join(", ");
  let text = "Game over: " + who + " " + verb + " (" + r.reason + "). Scores: " + scores + ".";
  if (typeof p.seat === "number") text += winners.includes(p.seat) ? " You win!" : " You lose.";
  return text;
}

function drawStatus(p) {
  const box = $("status");
  clear(box);
  if (p.board) box.appendChild(el("div", "headline", p.board.headline));
  if (p.imported !== null && p.imported !== undefined) {
    box.appendChild(el("div", "imported", "Imported: the first " + p.imported +
      " moves (chance included) came from a saved record; the server dealt everything after."));
  }
  let line;
  let className = "turn";
  if (p.over) {
    line = resultText(p);
    className = "turn over";
  } else if (p.seat === null) {
    line = "Watching as a spectator; waiting for " + p.to_act.map(seatWord).join(", ") + ".";
  } else if (p.moves.length) {
    line = "Your move, " + seatWord(p.seat) + ".";
    className = "turn mine";
  } else {
    line = "You are " + seatWord(p.seat) + "; waiting for " + p.to_act.map(seatWord).join(", ") + ".";
  }
  box.appendChild(el("div", className, line));
}

function drawTabs(p) {
  const box = $("seat-tabs");
  clear(box);
  const locals = localSeats();
  if (locals.length < 2 && !p.over) return;
  const choices = locals.map((s) => [s, seatWord(s)]);
  choices.push(["spectator", "Spectator"]);
  for (const [seat, text] of choices) {
    const button = el("button", "tab" + (seat === shown ? " current" : ""), text);
    button.type = "button";
    button.addEventListener("click", () => {
      if (seat === shown || busy) return;
      if (p.over || seat === "spectator") {
        shown = seat;
        saveGame();
        refresh();
      } else handOff(seat);
    });
    box.appendChild(button);
  }
}

// A board element that stands for moves: one click plays its only move, or opens a
// menu of its moves (a card of a hand: swap into it, or look at it).
function makeActable(node, moves, live) {
  if (!live || !moves || !moves.length) return;
  node.classList.add("actable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.dataset.moves = moves.map((m) => m.index).join(" ");
  const act = (event) => {
    event.stopPropagation();
    if (busy) return;
    if (moves.length === 1) {
      const move = payload.moves.find((m) => m.index === moves[0].index);
      if (move) chooseMove(move);
    } else openMenu(node, moves);
  };
  node.addEventListener("click", act);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") act(event);
  });
}

function openMenu(anchor, moves) {
  const menu = $("act-menu");
  clear(menu);
  for (const m of moves) {
    const item = el("button", "menu-item", m.label);
    item.type = "button";
    item.dataset.index = String(m.index);
    item.addEventListener("click", (event) => {
      event.stopPropagation();
      const move = payload.moves.find((x) => x.index === m.index);
      closeMenu();
      if (move) chooseMove(move);
    });
    menu.appendChild(item);
  }
  const box = anchor.getBoundingClientRect();
  menu.style.left = Math.max(4, Math.min(window.innerWidth - 320, box.left + window.scrollX)) + "px";
  menu.style.top = box.bottom + window.scrollY + 4 + "px";
  menu.hidden = false;
}

function closeMenu() {
  const menu = $("act-menu");
  if (menu) {
    menu.hidden = true;
    clear(menu);
  }
}

function drawCard(c, live) {
  // Long words get a smaller type rather than a break in the middle.
  const longest = Math.max(0, ...c.name.split(/\s+/).map((w) => w.length));
  const size = c.hidden ? "" : longest > 11 ? " longer" : longest > 8 ? " long" : "";
  const node = el("div", "card tone-" + (c.tone || "plain") + (c.hidden ? " hidden" : "") + size);
  node.appendChild(el("span", "corner", c.short));
  node.appendChild(el("span", "name", c.hidden ? "" : c.name));
  if (c.mark) node.appendChild(el("span", "mark", c.mark));
  node.title = c.hidden ? c.name + (c.detail ? " (" + c.detail + ")" : "") : c.name + (c.detail ? ": " + c.detail : "");
  makeActable(node, c.moves, live);
  return node;
}

function drawGroups(parent, groups, live) {
  for (const g of groups) {
    const row = el("div", "group");
    if (g.label) row.appendChild(el("div", "group-label", g.label));
    const cards = el("div", "cards" + (g.columns ? " grid cols-" + Math.min(g.columns, 8) : ""));
    if (!g.cards.length) cards.appendChild(el("span", "none", "none"));
    for (const c of g.cards) cards.appendChild(drawCard(c, live));
    row.appendChild(cards);
    parent.appendChild(row);
  }
}

function drawTags(parent, tags) {
  if (!tags.length) return;
  const line = el("div", "tags");
  for (const t of tags) line.appendChild(el("span", "tag", t));
  parent.appendChild(line);
}

function drawBoard(p, live) {
  const box = $("board");
  clear(box);
  closeMenu();
  const b = p.board;
  if (!b) {
    box.appendChild(el("p", "hint", "This title has no board drawing; see the table as text below."));
    return;
  }
  const players = el("div", "players");
  for (const pl of b.players) {
    const node = el("section", "player" + (pl.you ? " you" : "") + (pl.active ? " active" : ""));
    node.dataset.seat = String(pl.seat);
    node.appendChild(el("h3", null, pl.name + (pl.you ? " (you)" : "")));
    drawTags(node, pl.tags);
    drawGroups(node, pl.groups, live);
    makeActable(node, pl.moves, live);
    players.appendChild(node);
  }
  box.appendChild(players);
  if (b.places.length) {
    const places = el("div", "places");
    for (const pl of b.places) {
      const node = el("section", "place" + (pl.active ? " active" : ""));
      node.appendChild(el("h3", null, pl.name));
      drawTags(node, pl.tags);
      drawGroups(node, pl.groups, live);
      makeActable(node, pl.moves, live);
      places.appendChild(node);
    }
    box.appendChild(places);
  }
  const piles = el("div", "piles");
  for (const pile of b.piles) {
    const node = el("section", "pile");
    node.appendChild(el("h3", null, pile.name));
    node.appendChild(el("div", "count", pile.count + (pile.count === 1 ? " card" : " cards")));
    if (pile.top) node.appendChild(drawCard(pile.top, false));
    drawTags(node, pile.tags);
    makeActable(node, pile.moves, live);
    piles.appendChild(node);
  }
  box.appendChild(piles);
}

function moveButton(m) {
  const button = el("button", "move", m.label);
  button.type = "button";
  button.title = m.notation;
  button.dataset.index = String(m.index);
  button.addEventListener("click", () => chooseMove(m));
  return button;
}

function drawMoves(p) {
  const box = $("moves");
  clear(box);
  const tells = p.moves.some((m) => / tell /.test(" " + m.notation.split(": ").slice(1).join(": ") + " "));
  $("story-box").hidden = !tells;
  $("type-move").hidden = !p.moves.length;
  // Offered to a seat of a game still on; pressable only when the server would grant
  // it, and otherwise saying why not (a move that showed something, another seat's move).
  const undoButton = $("undo");
  undoButton.hidden = p.seat === null || p.over;
  undoButton.disabled = !p.can_undo;
  undoButton.title = p.can_undo ? "Take back your last move: nothing has been revealed since" : (p.undo_reason || "");
  $("auto-forced").checked = settings().auto_forced;
  $("moves-panel").classList.toggle("idle", !p.moves.length);
  if (!p.moves.length) {
    box.appendChild(el("p", "hint", p.over ? "The game is over." : "Nothing to do until the others have moved."));
    return;
  }
  // The moves no board element stands for first (flat when few, else one folded list
  // per kind, as the terminal groups them); the moves a click on the board plays are
  // folded apart, for the keyboard and for a second look.
  const onBoard = boardMoves(p.board);
  const offBoard = p.moves.filter((m) => !onBoard.has(m.index));
  if (offBoard.length < p.moves.length) {
    box.appendChild(el("p", "hint", "Click a card, a place or a player on the board to move" +
      (offBoard.length ? ", or:" : ".")));
    drawMenu(box, offBoard);
    const part = el("details", "move-group on-board");
    part.dataset.group = "on-board";
    const shown = p.moves.filter((m) => onBoard.has(m.index));
    part.appendChild(el("summary", null, "on the board (" + shown.length + ")"));
    for (const m of shown) part.appendChild(moveButton(m));
    box.appendChild(part);
    return;
  }
  drawMenu(box, p.moves);
}

// The indices of the moves some element of the board stands for.
function boardMoves(b) {
  const found = new Set();
  if (!b) return found;
  const take = (record) => {
    for (const m of (record && record.moves) || []) found.add(m.index);
  };
  for (const holder of (b.players || []).concat(b.places || [])) {
    take(holder);
    for (const g of holder.groups || []) for (const c of g.cards) take(c);
  }
  for (const pile of b.piles || []) {
    take(pile);
    take(pile.top);
  }
  return found;
}

// Moves as buttons: flat when few, else one folded list per kind of move.
function drawMenu(box, list) {
  if (list.length <= MENU_LABELS) {
    for (const m of list) box.appendChild(moveButton(m));
    return;
  }
  const kinds = new Map();
  for (const m of list) {
    const key = m.group || "moves";
    if (!kinds.has(key)) kinds.set(key, []);
    kinds.get(key).push(m);
  }
  for (const [key, moves] of kinds) {
    const part = el("details", "move-group");
    part.dataset.group = key;
    if (kinds.size === 1) part.open = true;
    part.appendChild(el("summary", null, key + " (" + moves.length + ")"));
    for (const m of moves) part.appendChild(moveButton(m));
    box.appendChild(part);
  }
}

function drawLog(p) {
  const box = $("log");
  clear(box);
  const key = String(p.seat);
  const seen = seenLog[key] || 0;
  let firstNew = null;
  p.log.forEach((entry, i) => {
    const lines = entry.split("\n");
    const fresh = i >= seen && seen > 0;
    const item = el("li", fresh ? "new" : null);
    item.appendChild(el("span", "first", lines[0]));
    for (const more of lines.slice(1)) item.appendChild(el("span", "more", more));
    box.appendChild(item);
    if (fresh && firstNew === null) firstNew = item;
  });
  seenLog[key] = p.log.length;
  // Start reading where this seat left off: the first entry it has not seen.
  box.scrollTop = firstNew === null ? box.scrollHeight : firstNew.offsetTop;
}

// The summary ``p`` has for its seat that the seat has not read yet, as a key; or null.
function summaryKey(p) {
  const summary = p.board && p.board.summary;
  let key = null;
  if (p.over) key = (summary ? summary.key : "game") + ":over";
  else if (summary && !summary.final) key = summary.key;
  if (key === null) return null;
  const seen = seenSummaries()[String(p.seat)] || [];
  return seen.includes(key) ? null : key;
}

// A round's end (every hand turned over, the scores), once per seat, before the next
// deal takes it off the board; the game's end too, with the result. ``thenPass``: the
// seat the screen goes to once it is read (a hot-seat game).
function showSummary(p, thenPass) {
  const key = summaryKey(p);
  if (key === null) {
    if (thenPass !== undefined) handOff(thenPass);
    return;
  }
  const summary = p.board && p.board.summary;
  const seat = String(p.seat);
  $("summary-title").textContent = p.over ? "Game over" : summary.title;
  const lines = $("summary-lines");
  clear(lines);
  if (p.over) lines.appendChild(el("p", "summary-result", resultText(p)));
  if (summary) for (const line of summary.lines) lines.appendChild(el("p", null, line));
  const rows = $("summary-rows");
  clear(rows);
  const drawn = summary ? summary.rows : (p.board ? p.board.players : []);
  for (const row of drawn) {
    const node = el("section", "summary-row" + (row.you ? " you" : ""));
    node.appendChild(el("h3", null, row.name + (row.you && !/\(you\)/.test(row.name) ? " (you)" : "")));
    drawTags(node, row.tags);
    drawGroups(node, row.groups, false);
    rows.appendChild(node);
  }
  const dialog = $("summary-dialog");
  $("summary-done").onclick = () => {
    dialog.close();
    if (!game) return;
    game.summaries = game.summaries || {};
    game.summaries[seat] = (game.summaries[seat] || []).concat([key]);
    saveGame();
    if (thenPass !== undefined) handOff(thenPass);
    else if (payload === p) playForced(p);
  };
  if (!dialog.open) dialog.showModal();
}

// ------------------------------------------------------------------ start

function joinFromLink() {
  const match = /^#join=([^.]+)\.(\d+)\.(.+)$/.exec(location.hash);
  if (!match) return false;
  const seat = Number(match[2]);
  game = {
    id: decodeURIComponent(match[1]),
    title: "",
    admin: null,
    created: Date.now(),
    seats: [{ seat, kind: "person", token: decodeURIComponent(match[3]), where: HERE }],
    invited: true,
    summaries: {},
  };
  history.replaceState(null, "", location.pathname);
  shown = seat;
  return true;
}

async function resume() {
  if (game.invited) {
    // The invite link's token is exchanged for a fresh one, so whoever made the link
    // (and holds the old token) cannot read this seat from now on.
    const seat = game.seats[0];
    const made = await api("POST", "/api/games/" + game.id + "/seats/" + seat.seat + "/token", {}, seat.token);
    seat.token = made.token;
    delete game.invited;
    const known = allGames()[game.id];
    if (known) {
      // This browser made the game too: keep its other seats, with this seat's new token.
      known.seats = known.seats.map((s) => (s.seat === seat.seat ? seat : s));
      game = known;
    }
  }
  const p = await fetchPayload(shown);
  if (!game.title) game.title = p.title;
  // A game joined by a link learns its other seats from the server (without tokens).
  for (const s of p.seats) {
    if (!seatOf(s.seat)) game.seats.push({ seat: s.seat, kind: s.kind, token: null, where: s.kind === "person" ? ELSEWHERE : null });
  }
  game.seats.sort((a, b) => a.seat - b.seat);
  saveGame();
  enterPlay();
  decide(p, "answer");
}

async function main() {
  $("setup-form").addEventListener("submit", startGame);
  $("title").addEventListener("change", () => {
    pendingRecord = null;
    $("pending-record").hidden = true;
    buildConfigFields();
  });
  $("load-file").addEventListener("change", loadFile);
  $("handoff-go").addEventListener("click", takeOver);
  $("leave-game").addEventListener("click", leaveGame);
  $("leave-yes").addEventListener("click", () => {
    $("leave-dialog").close();
    enterSetup();
  });
  $("leave-no").addEventListener("click", () => $("leave-dialog").close());
  $("save-game").addEventListener("click", exportGame);
  $("replay-game").addEventListener("click", startReplay);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replay && replayTo(replay.at - 1));
  $("replay-next").addEventListener("click", () => replay && replayTo(replay.at + 1));
  $("replay-last").addEventListener("click", () => replay && replayTo(replay.of));
  // On release, not while dragging: each step is a request, and reads are rate limited.
  $("replay-range").addEventListener("change", () => replayTo(Number($("replay-range").value)));
  $("replay-seat").addEventListener("change", () => {
    if (!replay) return;
    replay.seat = $("replay-seat").value;
    replayTo(replay.at);
  });
  $("replay-close").addEventListener("click", closeReplay);
  $("undo").addEventListener("click", undo);
  $("auto-forced").addEventListener("change", () => {
    saveSettings(Object.assign(settings(), { auto_forced: $("auto-forced").checked }));
    if (payload) playForced(payload);
  });
  $("error-close").addEventListener("click", hideError);
  document.addEventListener("click", closeMenu);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeMenu();
  });
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play({ notation: text });
  });
  try {
    titles = await api("GET", "/api/titles");
  } catch (error) {
    showError("Cannot reach the server: " + error.message);
    return;
  }
  const select = $("title");
  for (const t of titles) {
    const option = el("option", null, t.name.replace(/_/g, " "));
    option.value = t.name;
    select.appendChild(option);
  }
  buildConfigFields();
  let resumed = joinFromLink();
  if (!resumed) {
    const current = readJson(sessionStorage, CURRENT_KEY, null);
    const saved = current && allGames()[current.id];
    if (saved) {
      game = saved;
      const locals = localSeats();
      shown = current.shown !== undefined && current.shown !== null &&
        (current.shown === "spectator" || locals.includes(current.shown))
        ? current.shown
        : locals.length ? locals[0] : "spectator";
      resumed = true;
    }
  }
  if (resumed) {
    try {
      await resume();
      return;
    } catch (error) {
      showError("Cannot continue that game: " + error.message);
    }
  }
  enterSetup();
}

document.addEventListener("DOMContentLoaded", main);
