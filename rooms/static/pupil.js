// The pupils' page: join a room by code and name, then play at the table the server draws
// for this seat alone (rooms/picture.py). Plain browser script over the room's socket (/ws,
// relative to this page, so the server may sit under a sub-path); nothing is fetched from
// anywhere else. The seat's token is kept in this tab's sessionStorage, so a reload or a
// dropped connection takes the seat back (docs/rooms.md says every message). The page's own
// words are words.js's (T(key)), in the language chosen on the join form; the join asks the
// server for the same language, so the table, the story, the buttons and every refusal this
// seat is sent come in it.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const state = {
  ws: null, code: "", name: "", token: null, seat: null, players: [], status: "joining",
  step: null, hand: null, table: null, legal: [], words: { hand: "hand", match: "match" },
  closed: false, joining: false, retry: 0, timer: null, sent: 0, updates: 0, toAct: null,
  question: null,
};

function normal(code) { return String(code || "").replace(/\s+/g, "").toUpperCase(); }
function storeKey(code) { return "kortspel-seat:" + code; }

function remembered(code) {
  try { return JSON.parse(sessionStorage.getItem(storeKey(code)) || "null"); }
  catch (e) { return null; }
}
function remember() {
  try {
    sessionStorage.setItem(storeKey(state.code),
                           JSON.stringify({ token: state.token, name: state.name }));
  } catch (e) { /* storage off: a reload then joins by name again */ }
}
function forget(code) { try { sessionStorage.removeItem(storeKey(code)); } catch (e) { } }

function show(stateName) {
  state.status = stateName;
  document.body.dataset.state = stateName;
  $("joining").hidden = stateName !== "joining";
  $("game").hidden = stateName === "joining";
  $("waiting").hidden = stateName !== "waiting";
  $("table").hidden = stateName === "waiting";
  $("turn").hidden = stateName === "waiting";
}

function conn(text, lost) {
  $("conn").textContent = text;
  $("conn").classList.toggle("lost", !!lost);
}

function refuse(message, where) {
  const box = $(where || "refusal");
  box.textContent = message;
  box.hidden = !message;
}

// -- the socket ---------------------------------------------------------------------------

function connect() {
  clearTimeout(state.timer);
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = ""; url.hash = "";
  const ws = new WebSocket(url.href);
  state.ws = ws;
  conn(T("connecting"));
  ws.onopen = () => {
    state.joining = true;
    const join = { type: "join", code: state.code, view: "svg", language: LANG };
    if (state.token) join.token = state.token; else join.name = state.name;
    send(join);
  };
  ws.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    const handler = HANDLERS[message.type];
    if (handler) handler(message);
  };
  ws.onclose = () => {
    if (state.ws !== ws) return;
    state.ws = null;
    if (state.closed || !state.token) return;
    // A dropped connection: the seat waits for us (the grace period); try again, calmly.
    state.retry = Math.min(state.retry + 1, 5);
    const wait = Math.min(1000 * 2 ** (state.retry - 1), 10000);
    conn(T("lost"), true);
    state.timer = setTimeout(connect, wait);
  };
}

function send(message) {
  if (!state.ws || state.ws.readyState !== WebSocket.OPEN) {
    refuse(T("not-connected"));
    return false;
  }
  state.sent += 1;
  state.ws.send(JSON.stringify({ ...message, id: state.sent }));
  return true;
}

// -- what the server says -----------------------------------------------------------------

const HANDLERS = {
  welcome(m) {
    state.retry = 0;
    state.joining = false;
    state.token = m.token; state.seat = m.seat; state.name = m.name; state.code = m.code;
    state.words = m.words || state.words;
    remember();
    history.replaceState(null, "", "play?code=" + encodeURIComponent(m.code) + "&lang=" + LANG);
    refuse("", "join-error");
    const room = T("room", { title: m.title, code: m.code });
    $("room").textContent = room;
    $("room").removeAttribute("data-t");
    $("me").textContent = T("me", { name: m.name, seat: m.seat_name });
    document.title = `${m.name}: ${room}`;
    $("story-title").dataset.t = "story." + state.words.hand;
    $("story-title").textContent = T("story." + state.words.hand);
    conn(T("connected"));
    players(m.players, m.status);
  },
  players(m) { players(m.players, m.status); },
  update(m) {
    state.updates += 1;
    const moved = m.step !== state.step || m.hand !== state.hand;
    state.step = m.step; state.hand = m.hand; state.legal = m.legal || [];
    const toAct = m.observation ? m.observation.to_act : null;
    state.toAct = typeof toAct === "number" && toAct >= 0 ? toAct : null;
    if (m.table) draw(m.table, m);
    if (state.status === "waiting" || state.status === "joining") show("playing");
    const box = $("table");
    box.dataset.step = String(m.step);
    box.dataset.hand = String(m.hand);
    box.dataset.updates = String(state.updates);
    if (moved || m.ack !== undefined) {  // a refusal or a question of a table now gone
      refuse("");
      ask(null);
    }
  },
  confirm(m) { ask(m); },
  over(m) {
    const w = m.winner;
    const won = !w ? "" : w.seat === state.seat ? T("won.you")
      : w.name ? T("won.pupil", { name: w.name }) : T("won.computer", { seat: w.seat_name });
    const ending = $("ending");
    ending.innerHTML = "";
    const p = document.createElement("p");
    const head = document.createElement("b");
    head.textContent = T("over." + state.words.match);
    p.append(head, " ", won);
    ending.append(p);
    const back = document.createElement("p");
    back.textContent = T("again");
    ending.append(back);
    ending.hidden = false;
    document.body.dataset.state = "over";
    state.closed = true;  // nothing more to play here; a dropped socket need not come back
  },
  error(m) {
    if (m.reason === "moved") {
      state.closed = true;
      conn(T("other-tab"), true);
      refuse(T("other-tab.long"));
      return;
    }
    if (state.joining) {  // a join refused: back to the form, saying why
      state.joining = false;
      if (state.token) { forget(state.code); state.token = null; }
      state.seat = null;
      state.closed = true;
      if (state.ws) state.ws.close();
      show("joining");
      conn("");
      refuse(m.message, "join-error");
      return;
    }
    refuse(m.message);
  },
  closed(m) {
    state.closed = true;
    forget(state.code);
    conn(T("room-closed"), true);
    ask(null);
    const ending = $("ending");
    ending.textContent = m.message || T("room-closed.long");
    ending.hidden = false;
    $("buttons").innerHTML = "";
    $("table").classList.remove("clickable");
    if (state.status !== "playing") show("playing");
    document.body.dataset.state = "closed";
  },
  pong() { },
};

function players(list, status) {
  state.players = list || state.players;
  if (status === "waiting") show("waiting");
  else if (state.status === "joining" || state.status === "waiting") show("playing");
  standings();
}

// -- the table ----------------------------------------------------------------------------

function draw(table, update) {
  state.table = table;
  const box = $("table");
  box.innerHTML = table.svg;  // drawn by the server for this seat, every word escaped there
  const svg = box.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMin meet");
  }
  const mine = (update.legal || []).length > 0 && !update.match_over;
  box.classList.toggle("clickable", mine);
  $("turn").classList.toggle("mine", mine);
  $("status").textContent = table.status || "";
  const turn = "▶ " + T("your-turn");
  const title = document.title.startsWith(turn) ? document.title.slice(turn.length)
    : document.title;
  document.title = (mine ? turn : "") + title;
  const buttons = $("buttons");
  buttons.innerHTML = "";
  for (const b of table.buttons || []) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = b.label;
    button.title = b.title || "";
    button.dataset.verb = b.verb;
    button.addEventListener("click", () => {
      send({ type: "press", verb: b.verb, step: state.step });
    });
    buttons.append(button);
  }
  const story = $("story");
  story.innerHTML = "";
  for (const line of table.lines || []) {
    const li = document.createElement("li");
    li.textContent = line;
    story.append(li);
  }
  story.scrollTop = story.scrollHeight;
  $("progress").textContent = table.progress || "";
  standings();
}

function standings() {
  const rows = (state.table && state.table.standings) || [];
  const keys = rows.length ? Object.keys(rows[0]).filter((k) => k !== "seat") : [];
  const columns = (state.table && state.table.columns) || {};
  const head = $("players").querySelector("thead");
  const body = $("players").querySelector("tbody");
  head.innerHTML = "";
  body.innerHTML = "";
  const tr = document.createElement("tr");
  for (const k of [T("player"), ...keys.map((key) => columns[key] || key)]) {
    const th = document.createElement("th");
    th.textContent = k.charAt(0).toUpperCase() + k.slice(1);
    tr.append(th);
  }
  head.append(tr);
  const toAct = state.toAct;
  for (const p of state.players) {
    const row = document.createElement("tr");
    if (p.seat === state.seat) row.classList.add("me");
    if (toAct === p.seat) row.classList.add("turn");
    const who = document.createElement("td");
    const name = p.name || (p.computer ? T("computer") : T("empty"));
    who.textContent = `${p.seat_name}: ${name}` + (p.seat === state.seat ? T("you") : "");
    if (p.name && p.computer) who.textContent += T("computer-playing");
    if (p.name && !p.connected) {
      const away = document.createElement("span");
      away.className = "away";
      away.textContent = T("away");
      who.append(away);
    }
    row.append(who);
    const score = rows.find((r) => r.seat === p.seat_name) || {};
    for (const k of keys) {
      const td = document.createElement("td");
      td.textContent = score[k] === undefined || score[k] === "" ? "" : String(score[k]);
      row.append(td);
    }
    body.append(row);
  }
}

// A question before a move (Kille: swap away a matador?): Yes sends the move again, confirmed;
// No forgets it. `m` is the server's confirm message, or null to hide the question.
function ask(m) {
  state.question = m;
  $("question").hidden = !m;
  $("question-text").textContent = m ? m.question : "";
}

function answer(yes) {
  const m = state.question;
  ask(null);
  if (yes && m) send({ type: "act", action: m.action, step: m.step, confirmed: true });
}

// A press on the table, sent in the drawing's own pixels (the server hit-tests it on the
// very drawing this seat was sent, so letterboxing and zoom cost nothing).
function pointAt(event) {
  const svg = $("table").querySelector("svg");
  if (!svg || !svg.getScreenCTM()) return null;
  const point = svg.createSVGPoint();
  point.x = event.clientX; point.y = event.clientY;
  const at = point.matrixTransform(svg.getScreenCTM().inverse());
  return { x: Math.round(at.x * 10) / 10, y: Math.round(at.y * 10) / 10 };
}

function pressTable(event) {
  if (event.button !== 0 || state.closed) return;
  const at = pointAt(event);
  if (!at || !state.table) return;
  if (at.x < 0 || at.y < 0 || at.x > state.table.width || at.y > state.table.height) return;
  send({ type: "click", x: at.x, y: at.y, step: state.step });
}

// -- starting -----------------------------------------------------------------------------

function start(code, name) {
  state.code = normal(code);
  state.name = String(name || "").trim();
  const kept = remembered(state.code);
  state.token = kept && kept.token ? kept.token : null;
  if (kept && !state.name) state.name = kept.name || "";
  state.closed = false;
  state.seat = null;
  conn(T("connecting"));
  connect();
}

document.addEventListener("DOMContentLoaded", () => {
  languageChoice(() => standings());
  $("table").addEventListener("pointerdown", pressTable);
  $("yes").addEventListener("click", () => answer(true));
  $("no").addEventListener("click", () => answer(false));
  const code = normal(params.get("code"));
  const name = (params.get("name") || "").trim();
  $("code").value = code;
  $("name").value = name;
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    const c = normal($("code").value), n = $("name").value.trim();
    if (!c || !n) return;
    refuse("", "join-error");
    if (c !== state.code) forget(c);
    start(c, n);
  });
  show("joining");
  if (code && (name || (remembered(code) || {}).token)) start(code, name);
  else (code ? $("name") : $("code")).focus();
});
