/* The caller's console listens to the drawing hall's flashboard socket, so every console open on
   the game (caller, checkers) shows each call as it is committed: the board part of the panel is
   reloaded, never the forms a checker may be typing in. */
(function () {
  "use strict";
  var delay = 500;
  function panel() { return document.getElementById("console-panel"); }

  function refreshBoard() {
    var el = panel();
    if (!el || !window.htmx) { return; }
    window.htmx.ajax("GET", el.getAttribute("data-panel-url"),
      { target: "#console-board", select: "#console-board", swap: "outerHTML" });
  }

  function connect() {
    var el = panel();
    var path = el && el.getAttribute("data-ws-path");
    if (!path) { return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + path);
    var seen = null;
    socket.onopen = function () { delay = 500; };
    socket.onmessage = function (event) {
      var state = JSON.parse(event.data);
      var key = (state.game ? state.game.id + ":" + state.game.status : "") + ":" + (state.calls || []).join(",");
      if (seen !== null && key !== seen) { refreshBoard(); }
      seen = key;
    };
    socket.onclose = function () {
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
}());
