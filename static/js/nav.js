// The header's menus are <details>: the keyboard opens them natively (Enter or Space on the summary).
// This only tidies: one menu open at a time, Escape closes it (focus back on its summary), a click
// elsewhere closes it. Without JavaScript the menus still open and close.
(function () {
  "use strict";
  function menus() { return document.querySelectorAll(".main-nav details"); }
  function closeAll(except) {
    menus().forEach(function (menu) { if (menu !== except) { menu.open = false; } });
  }
  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (menu.matches && menu.matches(".main-nav details") && menu.open) { closeAll(menu); }
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    var open = document.querySelector(".main-nav details[open]");
    if (open) { open.open = false; open.querySelector("summary").focus(); }
  });
  document.addEventListener("click", function (event) {
    if (!event.target.closest(".main-nav details")) { closeAll(null); }
  });
})();
