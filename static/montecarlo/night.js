// Staff pages of a night (the director's page, a dealer's table): refresh the live panel when anything is
// recorded at the night; a dealer's table reloads only for its own table's changes or the night's. Never while
// the person has typed or picked something in the panel that is not sent yet.
(function () {
  "use strict";
  // htmx runs the scripts of every page it swaps in (hx-boost): one socket and one set of listeners per tab.
  if (window.mcNightLive) { return; }
  window.mcNightLive = true;
  var dirty = false;
  var socket = null;

  function panel() { return document.querySelector("[data-live-url]"); }

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) { window.print(); }
  });
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var live = panel();
      if (live && live.contains(event.target)) { dirty = true; }
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    dirty = false;
    var live = panel();  // another night's page swapped in: follow its socket
    if (live && socket && live.dataset.liveUrl !== socket.mcUrl) {
      socket.mcGone = true;
      socket.close();
      connect(live.dataset.liveUrl, 1000);
    }
  });

  function refresh(message) {
    var live = panel();
    if (!live || !window.htmx) { return; }
    var table = live.dataset.table ? parseInt(live.dataset.table, 10) : null;
    if (table !== null && message.table !== null && message.table !== table) { return; }
    var active = document.activeElement;
    if (dirty || (active && live.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName))) { return; }
    window.htmx.ajax("GET", location.pathname + location.search,
                     { target: "#" + live.id, select: "#" + live.id, swap: "outerHTML" });
  }

  function connect(url, delay) {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var current = socket = new WebSocket(scheme + location.host + url);
    current.mcUrl = url;
    current.onmessage = function (event) { refresh(JSON.parse(event.data)); };
    current.onopen = function () { delay = 1000; };
    current.onclose = function () {
      if (current.mcGone) { return; }
      setTimeout(function () { connect(url, Math.min(delay * 2, 15000)); }, delay);
    };
  }
  var live = panel();
  if (live) { connect(live.dataset.liveUrl, 1000); }
})();
