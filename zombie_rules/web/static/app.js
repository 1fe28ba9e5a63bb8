// The zombie_rules reference web client: plain JavaScript over the JSON API.
//
// Every text that comes from the server (card names, stories, log lines) goes into
// the page with textContent, never as HTML: a Texas Zombies story is anyone's text.
"use strict";

const $ = (id) => document.getElementById(id);
const STORE_KEY = "zombie-rules-game";
const POLL_MS = 2000;
const HERE = "here";
const ELSEWHERE = "elsewhere";

let titles = [];       // from /api/titles
let game = null;       // {id, title, admin, seats: [{seat, kind, token, where}]}
let shown = null;      // the seat on screen (a number), or "spectator"
let payload = null;    // the last payload on screen
let pendingRecord = null;
let busy = false;
let pollTimer = null;
let watch = null;      // the events stream open: {seat, controller}
let pushBroken = false; // the server's push failed once: poll instead
let missed = false;    // a push came while a move was in flight
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
    throw error;
  }
  return data;
}

function seatOf(number) {
  return game.seats.find((s) => s.seat === number);
}

function localSeats() {
  return game.seats.filter((s) => s.token && s.where === HERE).map((s) => s.seat);
}

function saveGame() {
  sessionStorage.setItem(STORE_KEY, JSON.stringify(game));
}

function seatWord(seat) {
  return "Seat " + seat;
}

// ------------------------------------------------------------------ setup

function currentTitle() {
  return titles.find((t) => t.name === $("title").value);
}

function buildConfigFields() {
  const title = currentTitle();
  const box = $("config-fields");
  clear(box);
  for (const [name, value] of Object.entries(title.config)) {
    const isScalar = value === null || ["number", "boolean", "string"].includes(typeof value);
    if (!isScalar) continue;
    const label = el("label", "field");
    label.appendChild(el("span", "field-name", name.replace(/_/g, " ")));
    const input = document.createElement("input");
    input.name = name;
    input.dataset.kind = value === null ? "json" : typeof value;
    if (typeof value === "boolean") {
      input.type = "checkbox";
      input.checked = value;
    } else if (typeof value === "number") {
      input.type = "number";
      input.step = "1";
      input.value = String(value);
    } else {
      input.type = "text";
      input.value = value === null ? "" : value;
      if (value === null) input.placeholder = "default";
    }
    if (name === "players") input.addEventListener("change", buildSeatFields);
    label.appendChild(input);
    box.appendChild(label);
  }
  buildSeatFields();
}

function playerCount() {
  const input = document.querySelector('#config-fields input[name="players"]');
  const n = input ? parseInt(input.value, 10) : currentTitle().players;
  return Number.isFinite(n) && n > 0 && n <= 12 ? n : currentTitle().players;
}

function buildSeatFields() {
  const title = currentTitle();
  const box = $("seat-fields");
  const before = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  clear(box);
  for (let s = 0; s < playerCount(); s++) {
    const label = el("label", "field seat-field");
    label.appendChild(el("span", "field-name", seatWord(s)));
    const select = document.createElement("select");
    select.name = "seat-" + s;
    select.id = "seat-kind-" + s;
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
  const config = {};
  for (const input of document.querySelectorAll("#config-fields input")) {
    const name = input.name;
    let value;
    if (input.dataset.kind === "boolean") value = input.checked;
    else if (input.dataset.kind === "number") value = input.value === "" ? title.config[name] : Number(input.value);
    else if (input.dataset.kind === "json") {
      if (input.value.trim() === "") continue;
      try {
        value = JSON.parse(input.value);
      } catch (e) {
        value = input.value;
      }
    } else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(title.config[name])) config[name] = value;
  }
  return config;
}

function readSeats() {
  return Array.from($("seat-fields").querySelectorAll("select")).map((s) => s.value);
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
    game = {
      id: made.id,
      title: made.title,
      admin: made.admin_token,
      seats: made.seats.map((s, i) => ({
        seat: s.seat,
        kind: s.kind,
        token: s.token,
        where: s.kind === "person" ? choices[i].split(":")[1] : null,
      })),
    };
    pendingRecord = null;
    $("pending-record").hidden = true;
    saveGame();
    const locals = localSeats();
    shown = locals.length ? locals[0] : "spectator";
    enterPlay();
    await refresh();
  } catch (error) {
    showError(error.message);
  } finally {
    busy = false;
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

function enterSetup() {
  stopWatching();
  game = null;
  payload = null;
  sessionStorage.removeItem(STORE_KEY);
  $("play").hidden = true;
  $("handoff").hidden = true;
  $("setup").hidden = false;
  $("save-game").hidden = true;
  $("leave-game").hidden = true;
  $("game-info").textContent = "";
}

function enterPlay() {
  $("setup").hidden = true;
  $("play").hidden = false;
  $("save-game").hidden = false;
  $("leave-game").hidden = false;
  $("game-info").textContent = game.title.replace(/_/g, " ") + " · game " + game.id;
  buildInvites();
}

function buildInvites() {
  const list = $("invite-list");
  clear(list);
  const away = game.seats.filter((s) => s.token && s.where === ELSEWHERE);
  $("invites").hidden = away.length === 0;
  for (const s of away) {
    const item = el("li");
    item.appendChild(el("span", "invite-seat", seatWord(s.seat) + ": "));
    const link = location.origin + "/#join=" + encodeURIComponent(game.id) + "." + s.seat + "." +
      encodeURIComponent(s.token);
    item.appendChild(el("code", null, link));
    list.appendChild(item);
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
  if (event.version === payload.version && event.over === payload.over) return;
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
    if (p.version !== payload.version || p.over !== payload.over) decide(p, "poll");
  } catch (error) {
    stopPolling();
    showError(error.message);
  }
}

async function play(body) {
  if (busy || !payload || shown === "spectator") return;
  busy = true;
  hideError();
  for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
  body.version = payload.version;
  try {
    const p = await api("POST", "/api/games/" + game.id + "/seats/" + shown + "/moves", body, seatOf(shown).token);
    $("story").value = "";
    $("move-text").value = "";
    missed = false;
    decide(p, "answer");
  } catch (error) {
    showError(error.message);
    if (error.status === 409) await refresh();
    else for (const button of document.querySelectorAll("#moves button")) button.disabled = false;
  } finally {
    busy = false;
  }
  if (missed) {
    missed = false;
    await refresh();
  }
}

function chooseMove(move) {
  const story = $("story").value.trim();
  if (story && / tell /.test(" " + move.notation.split(": ").slice(1).join(": ") + " ")) {
    play({ notation: move.notation + " " + JSON.stringify(story) });
  } else {
    play({ index: move.index });
  }
}

// Once the game is over, the whole record (every card); before that, what the seat
// shown was told (a spectator: the public account).
async function exportGame() {
  hideError();
  const base = "/api/games/" + game.id;
  const seat = shown === "spectator" ? null : seatOf(shown);
  const token = seat ? seat.token : game.admin;
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

// ------------------------------------------------------------------ drawing

function show(p) {
  payload = p;
  $("save-game").textContent = p.over ? "Save game" : "Save my account";
  $("play").dataset.version = String(p.version);
  $("play").dataset.seat = String(p.seat);
  drawStatus(p);
  drawTabs(p);
  drawBoard(p);
  drawMoves(p);
  drawLog(p);
  $("text").textContent = p.text;
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
        refresh();
      } else handOff(seat);
    });
    box.appendChild(button);
  }
}

function drawCard(c) {
  // Long words get a smaller type rather than a break in the middle.
  const longest = Math.max(0, ...c.name.split(/\s+/).map((w) => w.length));
  const size = c.hidden ? "" : longest > 11 ? " longer" : longest > 8 ? " long" : "";
  const node = el("div", "card tone-" + (c.tone || "plain") + (c.hidden ? " hidden" : "") + size);
  node.appendChild(el("span", "corner", c.short));
  node.appendChild(el("span", "name", c.hidden ? "" : c.name));
  node.title = c.hidden ? c.name + (c.detail ? " (" + c.detail + ")" : "") : c.name + (c.detail ? ": " + c.detail : "");
  return node;
}

function drawGroups(parent, groups) {
  for (const g of groups) {
    const row = el("div", "group");
    if (g.label) row.appendChild(el("div", "group-label", g.label));
    const cards = el("div", "cards");
    if (!g.cards.length) cards.appendChild(el("span", "none", "none"));
    for (const c of g.cards) cards.appendChild(drawCard(c));
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

function drawBoard(p) {
  const box = $("board");
  clear(box);
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
    drawGroups(node, pl.groups);
    players.appendChild(node);
  }
  box.appendChild(players);
  if (b.places.length) {
    const places = el("div", "places");
    for (const pl of b.places) {
      const node = el("section", "place" + (pl.active ? " active" : ""));
      node.appendChild(el("h3", null, pl.name));
      drawTags(node, pl.tags);
      drawGroups(node, pl.groups);
      places.appendChild(node);
    }
    box.appendChild(places);
  }
  const piles = el("div", "piles");
  for (const pile of b.piles) {
    const node = el("section", "pile");
    node.appendChild(el("h3", null, pile.name));
    node.appendChild(el("div", "count", pile.count + (pile.count === 1 ? " card" : " cards")));
    if (pile.top) node.appendChild(drawCard(pile.top));
    drawTags(node, pile.tags);
    piles.appendChild(node);
  }
  box.appendChild(piles);
}

function drawMoves(p) {
  const box = $("moves");
  clear(box);
  const tells = p.moves.some((m) => / tell /.test(" " + m.notation.split(": ").slice(1).join(": ") + " "));
  $("story-box").hidden = !tells;
  $("type-move").hidden = !p.moves.length;
  $("moves-panel").classList.toggle("idle", !p.moves.length);
  if (!p.moves.length) {
    box.appendChild(el("p", "hint", p.over ? "The game is over." : "Nothing to do until the others have moved."));
    return;
  }
  for (const m of p.moves) {
    const button = el("button", "move", m.label);
    button.type = "button";
    button.title = m.notation;
    button.dataset.index = String(m.index);
    button.addEventListener("click", () => chooseMove(m));
    box.appendChild(button);
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

// ------------------------------------------------------------------ start

function joinFromLink() {
  const match = /^#join=([^.]+)\.(\d+)\.(.+)$/.exec(location.hash);
  if (!match) return false;
  const seat = Number(match[2]);
  game = {
    id: decodeURIComponent(match[1]),
    title: "",
    admin: null,
    seats: [{ seat, kind: "person", token: decodeURIComponent(match[3]), where: HERE }],
    invited: true,
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
    saveGame();
  }
  const p = await fetchPayload(shown);
  if (!game.title) game.title = p.title;
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
  $("leave-game").addEventListener("click", enterSetup);
  $("save-game").addEventListener("click", exportGame);
  $("error-close").addEventListener("click", hideError);
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
    const saved = sessionStorage.getItem(STORE_KEY);
    if (saved) {
      try {
        game = JSON.parse(saved);
        const locals = localSeats();
        shown = locals.length ? locals[0] : "spectator";
        resumed = true;
      } catch (e) {
        sessionStorage.removeItem(STORE_KEY);
      }
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
