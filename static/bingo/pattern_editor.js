// The custom pattern editor: clicking a square toggles it; the free centre stays covered.
// The covered squares (row * 5 + column) go to the form's hidden `squares` field.
(function () {
  "use strict";
  var grid = document.querySelector("table.pattern-grid.editor");
  if (!grid) { return; }
  var input = document.getElementById(grid.getAttribute("data-squares-input"));
  var count = document.getElementById("pattern-count");
  var cells = Array.prototype.slice.call(grid.querySelectorAll("button.cell[data-square]"));

  function selected() {
    return cells.filter(function (cell) { return cell.getAttribute("aria-pressed") === "true"; })
      .map(function (cell) { return cell.getAttribute("data-square"); });
  }

  function sync() {
    var squares = selected();
    if (input) { input.value = squares.join(","); }
    if (count) { count.textContent = squares.length + " / 24"; }
  }

  function setCell(cell, on) {
    cell.setAttribute("aria-pressed", on ? "true" : "false");
    cell.classList.toggle("covered", on);
  }

  // Restore the squares after a failed submission.
  var initial = input && input.value ? input.value.split(",") : [];
  cells.forEach(function (cell) {
    setCell(cell, initial.indexOf(cell.getAttribute("data-square")) !== -1);
    cell.addEventListener("click", function () {
      setCell(cell, cell.getAttribute("aria-pressed") !== "true");
      sync();
    });
  });
  sync();
}());
