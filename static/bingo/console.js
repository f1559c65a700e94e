/* The caller's console listens to the drawing hall's flashboard socket, so every console open on
   the game (caller, checkers) shows each call as it is committed: the board part of the panel is
   reloaded, never the forms a checker may be typing in.

   The board says which state it shows (data-state-key: game, status, calls, in the socket's own
   terms). A reload is asked for only when that differs from the socket's latest state, and asked
   once more after a swap that left an older state on screen: a reload answered after the caller's
   own call can otherwise put the number before it back on the board. */
(function () {
  "use strict";
  var delay = 500;
  var latest = null;      // the socket's latest state, as a key
  var retried = null;     // the latest state a swap has already asked a reload for
  function panel() { return document.getElementById("console-panel"); }
  function shownKey() {
    var board = document.getElementById("console-board");
    return board ? board.getAttribute("data-state-key") : null;
  }

  function refreshBoard() {
    var el = panel();
    if (!el || !window.htmx) { return; }
    window.htmx.ajax("GET", el.getAttribute("data-panel-url"),
      { target: "#console-board", select: "#console-board", swap: "outerHTML" });
  }

  document.addEventListener("htmx:afterSettle", function () {
    if (latest !== null && retried !== latest && shownKey() !== latest) {
      retried = latest;
      refreshBoard();
    }
  });

  function connect() {
    var el = panel();
    var path = el && el.getAttribute("data-ws-path");
    if (!path) { return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + path);
    socket.onopen = function () { delay = 500; };
    socket.onmessage = function (event) {
      var state = JSON.parse(event.data);
      var key = (state.game ? state.game.id + ":" + state.game.status : "") + ":" + (state.calls || []).join(",");
      if (key === latest) { return; }
      latest = key;
      if (shownKey() !== key) { refreshBoard(); }
    };
    socket.onclose = function () {
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
}());
