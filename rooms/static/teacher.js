// The teacher's page: every room of this server, each table live (whose turn, the last
// events, every card), open, start and end a room, and download finished matches' records.
// Plain JavaScript, nothing from the internet; names typed by pupils are only ever set as
// text (textContent), never as HTML. Its own words are words.js's (T(key)), in the language
// chosen on the page; the server answers in it too (Accept-Language), the story of each
// table included.
"use strict";

const $ = (id) => document.getElementById(id);
let token = "";
let games = [];
let timer = null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

async function call(path, options = {}) {
  const headers = { "Authorization": "Bearer " + token, "Accept-Language": LANG };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method: options.method || "GET", headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.message) || T("teacher.answered", { status: response.status }));
  }
  return data;
}

function say(text) { $("state").textContent = text || ""; }

function option(select, value, label) {
  const o = el("option", label === undefined ? value : label);
  o.value = value;
  select.appendChild(o);
}

function fillOpener() {
  const game = games.find((g) => g.game === $("game").value) || games[0];
  const seats = $("seats"), length = $("length"), fill = $("fill");
  const keep = seats.value;
  seats.replaceChildren(); length.replaceChildren(); fill.replaceChildren();
  for (let n = game.seats[0]; n <= game.seats[1]; n++) option(seats, n);
  seats.value = keep && +keep >= game.seats[0] && +keep <= game.seats[1] ? keep
    : String(Math.min(Math.max(4, game.seats[0]), game.seats[1]));
  const lengths = Object.entries(game.lengths);
  if (lengths.length === 0) option(length, "", T("teacher.own-length"));
  for (const [key, label] of lengths) option(length, key, label);
  for (const level of game.levels) option(fill, level, T("teacher.computer", { level: T("level." + level) }));
  option(fill, "", T("teacher.wait"));
  fill.value = game.levels.includes("heuristic") ? "heuristic" : game.levels[0];
  const box = $("computers");
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("span", T("teacher.computers")));
  for (let i = 0; i < +seats.value; i++) {
    const label = el("label", T("teacher.seat", { n: i }));
    const pick = el("select");
    pick.dataset.seat = String(i);
    option(pick, "", T("teacher.pupil"));
    for (const level of game.levels) option(pick, level, T("teacher.computer", { level: T("level." + level) }));
    if (kept[i] !== undefined) pick.value = kept[i];
    label.appendChild(pick);
    box.appendChild(label);
  }
}

async function openRoom(event) {
  event.preventDefault();
  const picks = [...$("computers").querySelectorAll("select")].map((s) => s.value || null);
  const body = { game: $("game").value, seats: +$("seats").value, computers: picks,
    fill: $("fill").value || null };
  if ($("length").value) body.length = $("length").value;
  try {
    const room = await call("/api/rooms", { method: "POST", body });
    $("opened").textContent = T("teacher.opened", { code: room.code });
    refresh();
  } catch (err) { $("opened").textContent = err.message; }
}

function seatRows(room) {
  const table = el("table");
  for (const p of room.players) {
    const row = el("tr");
    const level = p.computer ? T("level." + p.computer) : "";
    const who = p.name ? (p.computer ? T("teacher.away", { name: p.name, level }) : p.name)
      : (p.computer ? T("teacher.computer-seat", { level }) : T("teacher.empty"));
    const seat = el("td", p.seat_name + (room.to_act === p.seat_name ? " ▶" : ""),
      room.to_act === p.seat_name ? "turn" : "");
    row.appendChild(seat);
    row.appendChild(el("td", who, p.name && !p.connected ? "away" : ""));
    const standing = (room.standings || [])[p.seat];
    if (standing) {
      const columns = room.columns || {};
      const parts = Object.entries(standing).filter(([k]) => k !== "seat")
        .map(([k, v]) => (columns[k] || k) + " " + v);
      row.appendChild(el("td", parts.join(", ")));
    }
    table.appendChild(row);
  }
  return table;
}

function roomCard(room) {
  const card = el("div", null, "room");
  const head = el("h3");
  head.appendChild(el("span", room.code, "code"));
  const status = T("status." + room.status);
  head.appendChild(el("span", room.status === "playing"
    ? T("teacher.head-hand", { title: room.title, status, hand: room.hand + 1 })
    : T("teacher.head", { title: room.title, status })));
  card.appendChild(head);
  card.appendChild(seatRows(room));
  if (room.cards) {
    const cards = el("div", null, "cards");
    for (const [zone, list] of Object.entries(room.cards)) {
      const [kind, ...rest] = zone.split(" ");  // "hand a", "talon": its kind in words
      const named = WORDS.en["zone." + kind] ? [T("zone." + kind), ...rest].join(" ") : zone;
      cards.appendChild(el("div", named + ": " + list.join(" ")));
    }
    card.appendChild(cards);
  }
  const story = room.told || room.events;  // told in the page's language, if not English
  if (story && story.length) {
    const list = el("ol", null, "events");
    for (const text of story.slice(-6)) list.appendChild(el("li", text));
    card.appendChild(list);
  }
  if (room.status === "waiting") {
    const start = el("button", T("teacher.start"));
    start.addEventListener("click", () => act("/api/teacher/rooms/" + room.code + "/start"));
    card.appendChild(start);
  }
  if (room.status === "waiting" || room.status === "playing" || room.status === "over") {
    const end = el("button", T("teacher.end"));
    end.addEventListener("click", () => {
      if (confirm(T("teacher.end-sure", { code: room.code }))) {
        act("/api/teacher/rooms/" + room.code + "/end");
      }
    });
    card.appendChild(end);
  }
  return card;
}

async function act(path) {
  try { await call(path, { method: "POST" }); say(""); } catch (err) { say(err.message); }
  refresh();
}

async function download(id) {
  try {
    const record = await call("/api/teacher/records/" + encodeURIComponent(id));
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = id + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (err) { say(err.message); }
}

function showRecords(records) {
  const list = $("records");
  list.replaceChildren();
  $("norecords").hidden = records.length > 0;
  for (const r of records) {
    const item = el("li");
    const players = Object.entries(r.players).map(([s, n]) => s + " " + n).join(", ");
    const fields = { saved: r.saved, code: r.code, game: r.game, hands: r.hands,
      winner: r.winner, players };
    item.appendChild(el("span", T(r.finished ? "teacher.record" : "teacher.record-early", fields)));
    const get = el("button", T("teacher.download"));
    get.addEventListener("click", () => download(r.id));
    item.appendChild(get);
    list.appendChild(item);
  }
}

async function refresh() {
  if (!token) return;
  try {
    const data = await call("/api/teacher/rooms");
    say("");
    $("opener").hidden = false;
    const rooms = $("rooms");
    rooms.replaceChildren(...data.rooms.map(roomCard));
    $("none").hidden = data.rooms.length > 0;
    showRecords(data.records);
  } catch (err) {
    say(err.message);
  }
}

async function login(event) {
  if (event) event.preventDefault();
  token = $("token").value.trim();
  sessionStorage.setItem("kortspel-teacher", token);
  if (!games.length) {
    try {
      games = (await call("/api/games")).games;
      for (const g of games) option($("game"), g.game, g.title);
      if (games.some((g) => g.game === "kille")) $("game").value = "kille";
      fillOpener();
    } catch (err) { say(err.message); }
  }
  refresh();
  if (timer === null) timer = setInterval(refresh, 1000);
}

// Another language chosen: the page's own words at once, the server's at the next refresh
// (the games' names asked for again, in it).
async function relabel() {
  if (games.length) {
    try {
      const named = (await call("/api/games")).games;
      const chosen = $("game").value;
      $("game").replaceChildren();
      for (const g of named) option($("game"), g.game, g.title);
      $("game").value = chosen;
      games = named;
    } catch (err) { say(err.message); }
    fillOpener();
  }
  refresh();
}

window.addEventListener("DOMContentLoaded", () => {
  languageChoice(relabel);
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromLink) history.replaceState(null, "", location.pathname);
  $("token").value = fromLink || sessionStorage.getItem("kortspel-teacher") || "";
  $("login").addEventListener("submit", login);
  $("open").addEventListener("submit", openRoom);
  $("game").addEventListener("change", fillOpener);
  $("seats").addEventListener("change", fillOpener);
  if ($("token").value) login();
});
