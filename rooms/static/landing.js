// The server's own front page (server.py's LANDING): its join form in the language chosen on
// it (words.js); the choice goes to the pupils' page with the code and name (?lang=sv).
"use strict";

document.addEventListener("DOMContentLoaded", () => languageChoice());
