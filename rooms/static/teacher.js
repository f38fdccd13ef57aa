// The teacher's page: every room of this server, each table live (whose turn, the last
// events, every card), open, start and end a room, and download finished matches' records.
// Plain JavaScript, nothing from the internet; names typed by pupils are only ever set as
// text (textContent), never as HTML.
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
  const headers = { "Authorization": "Bearer " + token };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method: options.method || "GET", headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.message) || ("the server answered " + response.status));
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
  if (lengths.length === 0) option(length, "", "(the game's own)");
  for (const [key, label] of lengths) option(length, key, label);
  for (const level of game.levels) option(fill, level, "computer: " + level);
  option(fill, "", "wait for pupils");
  fill.value = game.levels.includes("heuristic") ? "heuristic" : game.levels[0];
  const box = $("computers");
  box.replaceChildren(el("span", "Seats taken by a computer from the start: "));
  for (let i = 0; i < +seats.value; i++) {
    const label = el("label", "seat " + i + " ");
    const pick = el("select");
    pick.dataset.seat = String(i);
    option(pick, "", "a pupil");
    for (const level of game.levels) option(pick, level, "computer: " + level);
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
    $("opened").textContent = "Room " + room.code + " is open: give the class this code.";
    refresh();
  } catch (err) { $("opened").textContent = err.message; }
}

function seatRows(room) {
  const table = el("table");
  for (const p of room.players) {
    const row = el("tr");
    const who = p.name ? p.name + (p.computer ? " (away: computer " + p.computer + " plays)" : "")
      : (p.computer ? "computer (" + p.computer + ")" : "empty");
    const seat = el("td", p.seat_name + (room.to_act === p.seat_name ? " ▶" : ""),
      room.to_act === p.seat_name ? "turn" : "");
    row.appendChild(seat);
    row.appendChild(el("td", who, p.name && !p.connected ? "away" : ""));
    const standing = (room.standings || [])[p.seat];
    if (standing) {
      const parts = Object.entries(standing).filter(([k]) => k !== "seat")
        .map(([k, v]) => k + " " + v);
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
  head.appendChild(el("span", "  " + room.title + ", " + room.status
    + (room.status === "playing" ? ", hand " + (room.hand + 1) : "")));
  card.appendChild(head);
  card.appendChild(seatRows(room));
  if (room.cards) {
    const cards = el("div", null, "cards");
    for (const [zone, list] of Object.entries(room.cards)) {
      cards.appendChild(el("div", zone + ": " + list.join(" ")));
    }
    card.appendChild(cards);
  }
  if (room.events && room.events.length) {
    const list = el("ol", null, "events");
    for (const text of room.events.slice(-6)) list.appendChild(el("li", text));
    card.appendChild(list);
  }
  if (room.status === "waiting") {
    const start = el("button", "Start now (computers fill the empty seats)");
    start.addEventListener("click", () => act("/api/teacher/rooms/" + room.code + "/start"));
    card.appendChild(start);
  }
  if (room.status === "waiting" || room.status === "playing" || room.status === "over") {
    const end = el("button", "End room");
    end.addEventListener("click", () => {
      if (confirm("End room " + room.code + "? Everyone at it is sent away.")) {
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
    item.appendChild(el("span", r.saved + " room " + r.code + ", " + r.game + ", "
      + r.hands + " hands, " + (r.finished ? "winner " + r.winner : "ended early")
      + " (" + players + ") "));
    const get = el("button", "Download");
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

window.addEventListener("DOMContentLoaded", () => {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromLink) history.replaceState(null, "", location.pathname);
  $("token").value = fromLink || sessionStorage.getItem("kortspel-teacher") || "";
  $("login").addEventListener("submit", login);
  $("open").addEventListener("submit", openRoom);
  $("game").addEventListener("change", fillOpener);
  $("seats").addEventListener("change", fillOpener);
  if ($("token").value) login();
});
