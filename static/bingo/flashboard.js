/* The hall flashboard (30 DCMR 1405.9-1405.11, 1405.17, 1405.18): the 75-number board, the last
   number large, the pattern model and the prize, kept live over a websocket. Every message is the
   FULL state, so a screen that reconnects (with growing back-off) is right again at once.
   Spoken calls ("B 7" / "B siete") start only after a button press: browsers need a gesture. */
(function () {
  "use strict";
  var root = document.getElementById("flashboard");
  if (!root) { return; }
  var lastSpoken = null;
  var speaking = false;
  var current = null;

  var SPANISH = ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
    "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
    "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete",
    "veintiocho", "veintinueve"];
  var TENS = { 3: "treinta", 4: "cuarenta", 5: "cincuenta", 6: "sesenta", 7: "setenta" };

  function spanishNumber(n) {
    if (n < 30) { return SPANISH[n]; }
    var tens = TENS[Math.floor(n / 10)];
    return n % 10 ? tens + " y " + SPANISH[n % 10] : tens;
  }

  function letterOf(n) { return "BINGO".charAt(Math.floor((n - 1) / 15)); }

  function spokenCall(n, lang) {
    return lang === "es" ? letterOf(n) + " " + spanishNumber(n) : letterOf(n) + " " + n;
  }

  // Amounts arrive written by the server's core.money.money_text in every language: this screen's own.
  function moneyText(texts, plain) {
    var lang = (root.getAttribute("data-lang") || "en").slice(0, 2);
    return (texts && (texts[lang] || texts.en)) || "$" + plain;
  }

  function setText(id, text) {
    var el = document.getElementById(id);
    if (el) { el.textContent = text; }
  }

  function render(state) {
    current = state;
    var game = state.game;
    var called = {};
    (state.calls || []).forEach(function (n) { called[n] = true; });
    // 30 DCMR 1405.10: the board shows only this game's calls; a new game starts it empty.
    root.querySelectorAll(".flash-cell").forEach(function (cell) {
      var n = parseInt(cell.getAttribute("data-number"), 10);
      cell.classList.toggle("called", !!called[n]);
      cell.classList.toggle("latest", n === state.last);
    });
    setText("flash-last", state.last_label || "—");
    setText("flash-count", String((state.calls || []).length));
    root.setAttribute("data-calls", (state.calls || []).join(","));
    if (game) {
      setText("flash-game", String(game.number));
      var lang = (root.getAttribute("data-lang") || "en").slice(0, 2);
      setText("flash-pattern-name", lang === "es" ? game.pattern.name_es : game.pattern.name_en);
      // A training game pays nothing: the board never shows it a prize.
      setText("flash-prize", game.training ? root.getAttribute("data-text-training-prize") : moneyText(game.prize_text, game.prize));
      var grid = game.pattern.grid || [];
      root.querySelectorAll("#flash-pattern td").forEach(function (td) {
        var rc = td.getAttribute("data-square").split("-");
        var row = grid[parseInt(rc[0], 10)] || [];
        td.classList.toggle("covered", !!row[parseInt(rc[1], 10)]);
      });
      root.setAttribute("data-game", String(game.id));
      root.setAttribute("data-status", game.status);
    }
    // The winners of the game that just closed stay on the board while the next game waits to start.
    var result = state.result, label = root.getAttribute("data-text-winners");
    if (!(result && result.winners) && state.previous && state.previous.result && state.previous.result.winners) {
      result = state.previous.result;
      label = root.getAttribute("data-text-game-winners").replace("%(number)s", String(state.previous.number));
    }
    if (result && result.winners) {
      var text = label + ": " + result.winners;
      if (!result.training && result.shares && result.shares.length) {
        text += " × " + moneyText(result.share_text, result.shares[0] || "");
      }
      if (result.faces && result.faces.length) {
        text += " · " + root.getAttribute("data-text-faces") + " " + result.faces.join(", ");
      }
      setText("flash-result", text);
      root.setAttribute("data-winners", String(result.winners));
    } else {
      setText("flash-result", "");
      root.removeAttribute("data-winners");
    }
    renderHeads(state);
    if (speaking && state.last && state.last !== lastSpoken) { speak(state.last); }
    lastSpoken = state.last;
  }

  // At the hall (the section exists only there): the head of the game just closed as the device signed it, as text
  // and as a QR code of the Board's check. Redrawn only when the heads change, not on every message.
  var shownHeads = null;
  function renderHeads(state) {
    var section = document.getElementById("flash-heads");
    var heads = state.heads || [];
    var key = heads.map(function (head) { return head.url; }).join(" ");
    if (!section || key === shownHeads) { return; }
    shownHeads = key;
    section.hidden = !heads.length;
    setText("flash-heads-title", heads.length ?
      section.getAttribute("data-text-title").replace("%(number)s", String(state.heads_game)) : "");
    var list = document.getElementById("flash-heads-list");
    list.replaceChildren.apply(list, heads.map(function (head) { return headFigure(section, head); }));
  }

  function headFigure(section, head) {
    var figure = document.createElement("figure");
    figure.className = "hall-head";
    figure.setAttribute("data-check-url", head.url);
    var qr = document.createElement("div");
    qr.className = "hall-head-qr";
    qr.setAttribute("role", "img");
    qr.setAttribute("aria-label", section.getAttribute("data-text-qr").replace("%(url)s", head.url));
    // The server draws the code (qrcode's SVG, one path); parsed as XML, never as HTML, so nothing in it can run.
    var svg = new DOMParser().parseFromString(head.qr, "image/svg+xml").documentElement;
    qr.appendChild(document.importNode(svg, true));
    var caption = document.createElement("figcaption");
    var line = document.createElement("code");
    line.className = "hall-head-line";
    line.textContent = head.line;
    caption.appendChild(line);
    figure.appendChild(qr);
    figure.appendChild(caption);
    return figure;
  }

  function speak(n) {
    if (!("speechSynthesis" in window)) { return; }
    var lang = document.getElementById("flash-voice-lang").value;
    var utterance = new SpeechSynthesisUtterance(spokenCall(n, lang));
    utterance.lang = lang === "es" ? "es-US" : "en-US";
    window.speechSynthesis.speak(utterance);
  }

  var button = document.getElementById("flash-speak");
  if (button) {
    button.addEventListener("click", function () {
      speaking = !speaking;
      button.setAttribute("aria-pressed", speaking ? "true" : "false");
      if (speaking && current && current.last) { speak(current.last); }
    });
  }

  var delay = 500;
  function connection(state) {
    var el = document.getElementById("flash-connection");
    el.setAttribute("data-state", state);
    el.textContent = root.getAttribute(state === "online" ? "data-text-connected" : "data-text-offline");
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + root.getAttribute("data-ws-path"));
    // Online once the state is here, not at the open: the server accepts first and sends the state
    // after, and closes a socket it cannot serve (an unknown hall), which must keep backing off.
    socket.onmessage = function (event) {
      delay = 500;
      connection("online");
      try { render(JSON.parse(event.data)); } catch (error) { console.error("flashboard", error); }
    };
    socket.onclose = function () {
      connection("offline");
      // The server sends the full state on every connect, so a reconnect is a resync.
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }

  var initial = document.getElementById("flash-initial");
  if (initial) { render(JSON.parse(initial.textContent)); }
  connect();
  window.bingoSpokenCall = spokenCall;
}());
