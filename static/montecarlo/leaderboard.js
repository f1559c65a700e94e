// The public leaderboard: the full state on every (re)connect and after every change at the night's tables.
(function () {
  "use strict";
  var root = document.getElementById("leaderboard");
  if (!root) { return; }
  function field(name) { return root.querySelector('[data-field="' + name + '"]'); }

  function render(state) {
    field("name").textContent = state.name;
    field("participants").textContent = state.participants;
    var rows = field("rows");
    rows.replaceChildren.apply(rows, state.rows.map(function (row) {
      var tr = document.createElement("tr");
      tr.dataset.number = row.number;
      [row.rank, "#" + row.number + (row.name ? " " + row.name : ""), row.chips].forEach(function (text, i) {
        var td = document.createElement("td");
        td.textContent = text;
        if (i === 2) { td.className = "mc-chips"; }
        tr.appendChild(td);
      });
      return tr;
    }));
    // The count closes the night: at the hall the page's signed heads (htmx, templates/.../leaderboard.html) are
    // fetched again, so they show without a reload.
    if (root.dataset.status && state.status !== root.dataset.status) {
      root.dataset.status = state.status;
      document.body.dispatchEvent(new CustomEvent("mc-night-status"));
    }
  }

  function connect(delay) {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + root.dataset.socket);
    socket.onopen = function () { field("connection").textContent = ""; root.dataset.live = "1"; delay = 1000; };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "state") { render(message.state); }
    };
    socket.onclose = function () {
      root.dataset.live = "0";
      setTimeout(function () { connect(Math.min(delay * 2, 15000)); }, delay);
    };
  }
  connect(1000);
})();
