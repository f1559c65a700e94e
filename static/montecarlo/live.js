// Staff pages (director, dealer): refresh the live panel when anything is recorded anywhere
// in the tournament, and count the clock down between refreshes.
(function () {
  "use strict";
  var panel = document.getElementById("tournament-live");
  if (!panel) { return; }

  function refresh() {
    if (!window.htmx) { return; }
    // Never overwrite what a dealer or director is typing.
    var active = document.activeElement;
    if (active && panel.contains(active) && (active.tagName === "INPUT" || active.tagName === "SELECT")) { return; }
    window.htmx.ajax("GET", location.pathname, { target: "#tournament-live", select: "#tournament-live", swap: "outerHTML" });
  }

  function connect(delay) {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + panel.dataset.liveUrl);
    socket.onmessage = function () { refresh(); };
    socket.onopen = function () { delay = 1000; };
    socket.onclose = function () { setTimeout(function () { connect(Math.min(delay * 2, 15000)); }, delay); };
  }

  function tick() {
    document.querySelectorAll(".mc-countdown").forEach(function (el) {
      var left = parseInt(el.dataset.secondsLeft, 10);
      if (el.dataset.running === "1" && left > 0) { left -= 1; el.dataset.secondsLeft = left; }
      el.textContent = Math.floor(left / 60) + ":" + (left % 60 < 10 ? "0" : "") + (left % 60);
    });
  }

  setInterval(tick, 1000);
  tick();
  connect(1000);
})();
