// The classroom pages' own words, English and Swedish, in one place: the pupils' page
// (pupil.html/js), the server's front page (its join form) and the teacher's page. Each key
// has both languages (tests/rooms/test_rooms_words.py checks it, and that no English is left
// in a Swedish value). What the server says -- the table's status, the story, the buttons,
// a refusal -- comes from the server already in the page's language; these are the words
// around it. A "{name}" is filled in by T(key, {name: ...}).
//
// The language: the page's ?lang=sv, else the one chosen earlier in this tab, else the
// browser's (navigator.language starting "sv"); a select.lang on the page changes it.
"use strict";

const WORDS = /* words */ {
  "en": {
    "language": "Language",
    "classroom": "kortspel classroom",
    "join.title": "Join a room",
    "join.code": "Room code",
    "join.name": "Your name",
    "join.button": "Join",
    "landing.teacher": "The teacher watches every table on <a href=\"teacher\">the teacher's page</a>.",
    "landing.site": "No lessons are served here: build the site with <code>make site</code> and start the server with <code>--site site</code> (as <code>make classroom</code> does).",
    "pupil.title": "kortspel: your seat",
    "leave": "Leave",
    "table": "The table",
    "waiting.title": "Waiting for the teacher to start.",
    "waiting.text": "You are in the room. The cards are dealt when every seat is taken or when the teacher starts the game.",
    "side.title": "At the table",
    "story.hand": "The story of this hand",
    "story.game": "The story of this game",
    "story.round": "The story of this round",
    "story.deal": "The story of this deal",
    "connecting": "Connecting…",
    "connected": "Connected",
    "lost": "Connection lost: trying again…",
    "not-connected": "Not connected just now: wait a moment, then try again.",
    "room": "{title}, room {code}",
    "me": "You are {name} (seat {seat})",
    "your-turn": "Your turn: ",
    "over.match": "The match is over.",
    "over.game": "The game is over.",
    "over.session": "The session is over.",
    "won.you": "You won!",
    "won.pupil": "{name} won.",
    "won.computer": "The computer at {seat} won.",
    "again": "Ask the teacher for a new room's code to play again.",
    "other-tab": "Opened in another tab",
    "other-tab.long": "You opened this seat in another tab or window: play there.",
    "room-closed": "Room closed",
    "room-closed.long": "This room was closed.",
    "player": "Player",
    "computer": "computer",
    "empty": "(empty)",
    "you": " (you)",
    "computer-playing": " (computer playing)",
    "away": " away",
    "yes": "Yes",
    "no": "No",
    "teacher.title": "kortspel: the teacher's page",
    "teacher.heading": "Classroom tables",
    "teacher.token": "Teacher's token",
    "teacher.use": "Use",
    "teacher.open-title": "Open a room",
    "teacher.game": "Game",
    "teacher.seats": "Seats",
    "teacher.length": "Length",
    "teacher.fill": "Empty seats at the start",
    "teacher.open": "Open",
    "teacher.rooms": "Rooms",
    "teacher.no-rooms": "No rooms yet.",
    "teacher.records": "Finished matches",
    "teacher.no-records": "No records yet.",
    "teacher.answered": "the server answered {status}",
    "teacher.own-length": "(the game's own)",
    "teacher.computer": "computer: {level}",
    "teacher.wait": "wait for pupils",
    "teacher.computers": "Seats taken by a computer from the start: ",
    "teacher.seat": "seat {n} ",
    "teacher.pupil": "a pupil",
    "teacher.opened": "Room {code} is open: give the class this code.",
    "teacher.away": "{name} (away: computer {level} plays)",
    "teacher.computer-seat": "computer ({level})",
    "teacher.empty": "empty",
    "teacher.head": "  {title}, {status}",
    "teacher.head-hand": "  {title}, {status}, hand {hand}",
    "teacher.start": "Start now (computers fill the empty seats)",
    "teacher.end": "End room",
    "teacher.end-sure": "End room {code}? Everyone at it is sent away.",
    "teacher.record": "{saved} room {code}, {game}, {hands} hands, winner {winner} ({players}) ",
    "teacher.record-early": "{saved} room {code}, {game}, {hands} hands, ended early ({players}) ",
    "teacher.download": "Download",
    "status.waiting": "waiting",
    "status.playing": "playing",
    "status.over": "over",
    "status.ended": "ended",
    "level.random": "random",
    "level.heuristic": "heuristic",
    "level.expert": "expert",
    "zone.hand": "hand",
    "zone.pile": "pile",
    "zone.talon": "talon",
    "zone.discard": "discard"
  },
  "sv": {
    "language": "Språk",
    "classroom": "kortspel i klassrummet",
    "join.title": "Gå in i ett rum",
    "join.code": "Rummets kod",
    "join.name": "Ditt namn",
    "join.button": "Gå in",
    "landing.teacher": "Läraren ser alla bord på <a href=\"teacher\">lärarens sida</a>.",
    "landing.site": "Här finns inga lektioner: bygg webbplatsen med <code>make site</code> och starta servern med <code>--site site</code> (som <code>make classroom</code> gör).",
    "pupil.title": "kortspel: din plats",
    "leave": "Gå ut",
    "table": "Bordet",
    "waiting.title": "Väntar på att läraren ska starta.",
    "waiting.text": "Du är inne i rummet. Korten delas ut när alla platser är tagna eller när läraren startar spelet.",
    "side.title": "Vid bordet",
    "story.hand": "Det här har hänt i given",
    "story.game": "Det här har hänt i spelet",
    "story.round": "Det här har hänt i omgången",
    "story.deal": "Det här har hänt i given",
    "connecting": "Ansluter…",
    "connected": "Ansluten",
    "lost": "Anslutningen bröts: försöker igen…",
    "not-connected": "Inte ansluten just nu: vänta en stund och försök sedan igen.",
    "room": "{title}, rum {code}",
    "me": "Du är {name} (plats {seat})",
    "your-turn": "Din tur: ",
    "over.match": "Matchen är slut.",
    "over.game": "Partiet är slut.",
    "over.session": "Partiet är slut.",
    "won.you": "Du vann!",
    "won.pupil": "{name} vann.",
    "won.computer": "Datorn på plats {seat} vann.",
    "again": "Be läraren om koden till ett nytt rum för att spela igen.",
    "other-tab": "Öppnad i en annan flik",
    "other-tab.long": "Du öppnade den här platsen i en annan flik eller ett annat fönster: spela där.",
    "room-closed": "Rummet är stängt",
    "room-closed.long": "Det här rummet stängdes.",
    "player": "Spelare",
    "computer": "datorn",
    "empty": "(tom)",
    "you": " (du)",
    "computer-playing": " (datorn spelar)",
    "away": " borta",
    "yes": "Ja",
    "no": "Nej",
    "teacher.title": "kortspel: lärarens sida",
    "teacher.heading": "Klassrummets bord",
    "teacher.token": "Lärarens nyckel",
    "teacher.use": "Använd",
    "teacher.open-title": "Öppna ett rum",
    "teacher.game": "Spel",
    "teacher.seats": "Platser",
    "teacher.length": "Längd",
    "teacher.fill": "Tomma platser vid starten",
    "teacher.open": "Öppna",
    "teacher.rooms": "Rum",
    "teacher.no-rooms": "Inga rum än.",
    "teacher.records": "Färdigspelade matcher",
    "teacher.no-records": "Inga sparade matcher än.",
    "teacher.answered": "servern svarade {status}",
    "teacher.own-length": "(spelets egen)",
    "teacher.computer": "dator: {level}",
    "teacher.wait": "vänta på elever",
    "teacher.computers": "Platser som en dator tar från början: ",
    "teacher.seat": "plats {n} ",
    "teacher.pupil": "en elev",
    "teacher.opened": "Rum {code} är öppet: ge klassen den här koden.",
    "teacher.away": "{name} (borta: dator {level} spelar)",
    "teacher.computer-seat": "dator ({level})",
    "teacher.empty": "tom",
    "teacher.head": "  {title}, {status}",
    "teacher.head-hand": "  {title}, {status}, giv {hand}",
    "teacher.start": "Starta nu (datorer tar de tomma platserna)",
    "teacher.end": "Stäng rummet",
    "teacher.end-sure": "Stänga rum {code}? Alla vid bordet skickas ut.",
    "teacher.record": "{saved} rum {code}, {game}, {hands} givar, vinnare {winner} ({players}) ",
    "teacher.record-early": "{saved} rum {code}, {game}, {hands} givar, avbruten ({players}) ",
    "teacher.download": "Ladda ner",
    "status.waiting": "väntar",
    "status.playing": "spelar",
    "status.over": "slut",
    "status.ended": "stängt",
    "level.random": "slump",
    "level.heuristic": "tumregler",
    "level.expert": "expert",
    "zone.hand": "hand",
    "zone.pile": "hög",
    "zone.talon": "talong",
    "zone.discard": "slänghög"
  }
} /* end words */;

const LANGUAGE_KEY = "kortspel-language";

// The language this page speaks now: "en" or "sv".
let LANG = (function pick() {
  const asked = new URLSearchParams(location.search).get("lang");
  let kept = null;
  try { kept = sessionStorage.getItem(LANGUAGE_KEY); } catch (e) { /* storage off */ }
  const browser = (navigator.language || "").toLowerCase();
  for (const code of [asked, kept, browser.startsWith("sv") ? "sv" : "en"]) {
    const short = String(code || "").toLowerCase().slice(0, 2);
    if (short in WORDS) return short;
  }
  return "en";
})();

// The words of `key` in the page's language, each "{field}" filled in from `fields`.
function T(key, fields) {
  const text = (WORDS[LANG] && WORDS[LANG][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (all, name) =>
    fields && fields[name] !== undefined ? String(fields[name]) : all);
}

// Every element marked data-t (its text), data-t-html (its markup, from the table above
// only), data-t-label (aria-label) or data-t-title (the document's title) in the language.
function applyWords(root) {
  const scope = root || document;
  document.documentElement.lang = LANG;
  for (const node of scope.querySelectorAll("[data-t]")) node.textContent = T(node.dataset.t);
  for (const node of scope.querySelectorAll("[data-t-html]")) node.innerHTML = T(node.dataset.tHtml);
  for (const node of scope.querySelectorAll("[data-t-label]")) {
    node.setAttribute("aria-label", T(node.dataset.tLabel));
  }
  const title = document.querySelector("title[data-t-title]");
  if (title) document.title = T(title.dataset.tTitle);
  for (const select of scope.querySelectorAll("select.lang")) select.value = LANG;
}

// Speak `code` from now on (kept in this tab); `then` redraws what the page made itself.
function setLanguage(code, then) {
  LANG = code in WORDS ? code : "en";
  try { sessionStorage.setItem(LANGUAGE_KEY, LANG); } catch (e) { /* storage off */ }
  applyWords();
  if (then) then(LANG);
}

// A page's language choice: every select.lang, with each language named in itself.
function languageChoice(then) {
  for (const select of document.querySelectorAll("select.lang")) {
    if (!select.options.length) {
      for (const [code, name] of [["en", "English"], ["sv", "svenska"]]) {
        const option = document.createElement("option");
        option.value = code;
        option.textContent = name;
        select.append(option);
      }
    }
    select.value = LANG;
    select.addEventListener("change", () => setLanguage(select.value, then));
  }
  applyWords();
}
