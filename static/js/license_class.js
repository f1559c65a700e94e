// The start form's license class list follows the license type: only the chosen type's classes are shown
// (30 DCMR 1204.1, 1204.16, 1414.1). Without JavaScript the list is grouped by type and the server checks the pair.
(function () {
  "use strict";
  function follow(select) {
    var type = document.querySelector('select[name="' + select.dataset.follows + '"]');
    if (!type) { return; }
    function update() {
      var keep = null;
      Array.prototype.forEach.call(select.querySelectorAll("optgroup"), function (group) {
        var mine = false;
        Array.prototype.forEach.call(group.querySelectorAll("option"), function (option) {
          var match = option.dataset.licenseType === type.value;
          option.hidden = !match;
          option.disabled = !match;
          mine = mine || match;
        });
        group.hidden = !mine;
        group.disabled = !mine;
      });
      var chosen = select.options[select.selectedIndex];
      if (!chosen || chosen.disabled) {
        var same = chosen && select.querySelector('option[data-license-type="' + type.value + '"][value="' + chosen.value + '"]');
        keep = same || select.querySelector('option[data-license-type="' + type.value + '"]');
        if (keep) { keep.selected = true; }
      }
    }
    type.addEventListener("change", update);
    update();
  }
  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("select[data-follows]"), follow);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
