// The public tournament clock: counts down locally from the last state and resyncs from the
// server's full state on every (re)connect and every change (pause, resume, eliminations).
(function () {
  "use strict";
  var root = document.getElementById("clock");
  var i18n = document.getElementById("clock-i18n").dataset;
  var state = JSON.parse(document.getElementById("clock-state").textContent);
  var receivedAt = Date.now();

  function field(name) { return root.querySelector('[data-field="' + name + '"]'); }
  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function position(elapsed) {
    var end = 0;
    for (var i = 0; i < state.levels.length; i++) {
      end += state.levels[i].minutes * 60;
      if (elapsed < end) { return { index: i, left: Math.ceil(end - elapsed) }; }
    }
    return { index: Math.max(state.levels.length - 1, 0), left: 0 };
  }

  function blinds(level) {
    if (!level) { return "—"; }
    return level.is_break ? i18n.i18nBreak : level.small_blind + " / " + level.big_blind;
  }

  function render() {
    var elapsed = state.elapsed + (state.running && !state.finished ? (Date.now() - receivedAt) / 1000 : 0);
    var at = position(elapsed);
    var level = state.levels[at.index];
    var next = state.levels[at.index + 1];
    field("name").textContent = state.name;
    field("status").textContent = state.status === "finished" || state.status === "published" ? i18n.i18nFinished
      : !state.started ? i18n.i18nSoon : !state.running ? i18n.i18nPaused : "";
    field("level").textContent = level ? (level.is_break ? i18n.i18nBreak : level.number) : "—";
    // An ended tournament's clock has stopped: no countdown, the result instead (30 DCMR 1603.25).
    field("time").hidden = !!state.finished;
    field("time").textContent = state.finished ? "" : Math.floor(at.left / 60) + ":" + pad(at.left % 60);
    var result = state.result || [];
    field("result-box").hidden = !result.length;
    var list = field("result");
    list.replaceChildren.apply(list, result.map(function (row) {
      var li = document.createElement("li");
      li.textContent = row.name;
      return li;
    }));
    field("blinds").textContent = blinds(level);
    field("ante").textContent = level && !level.is_break ? level.ante : "—";
    field("next").textContent = next ? blinds(next) + (next.is_break ? "" : " (" + next.ante + ")") : "—";
    field("players").textContent = state.players_left + " / " + state.entries;
    field("average").textContent = state.average_stack;
    var prizes = field("prizes");
    prizes.replaceChildren.apply(prizes, state.prizes.map(function (p) {
      // Written by core.money.money_text on the server, in this screen's language.
      var lang = (document.documentElement.lang || "en").slice(0, 2);
      var li = document.createElement("li");
      li.textContent = (p.prize_text && (p.prize_text[lang] || p.prize_text.en)) || "$" + p.prize;
      return li;
    }));
  }

  function connect(delay) {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + root.dataset.socket);
    socket.onopen = function () { field("connection").textContent = i18n.i18nLive; delay = 1000; };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "state") { state = message.state; receivedAt = Date.now(); render(); }
    };
    socket.onclose = function () {
      field("connection").textContent = i18n.i18nOffline;
      setTimeout(function () { connect(Math.min(delay * 2, 15000)); }, delay);
    };
  }

  render();
  setInterval(render, 250);
  connect(1000);
})();
