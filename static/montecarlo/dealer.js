// The dealer's screen: chip buttons fill the amount, and "Scan receipt" reads a chip receipt's QR code with
// the camera where the browser can (BarcodeDetector); a handheld scanner types the code into the field anyway.
(function () {
  "use strict";
  // htmx runs the scripts of every page it swaps in (hx-boost): the listeners once per tab.
  if (window.mcDealer) { setUpScan(); return; }
  window.mcDealer = true;
  document.addEventListener("click", function (event) {
    var chip = event.target.closest("[data-chips]");
    if (chip) {
      var amount = document.getElementById(chip.dataset.target || "bet-amount");
      if (amount) { amount.value = chip.dataset.chips; amount.dispatchEvent(new Event("change")); }
      event.preventDefault();
    }
  });

  setUpScan();

  function setUpScan() {
  var scan = document.getElementById("scan-receipt");
  if (!scan || scan.dataset.ready) { return; }
  scan.dataset.ready = "1";
  if (!("BarcodeDetector" in window) || !navigator.mediaDevices) { scan.hidden = true; return; }
  scan.hidden = false;
  scan.addEventListener("click", function () {
    var field = document.getElementById(scan.dataset.target);
    var video = document.createElement("video");
    var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then(function (stream) {
      video.srcObject = stream;
      video.setAttribute("playsinline", "");
      scan.after(video);
      video.play();
      function look() {
        detector.detect(video).then(function (codes) {
          if (codes.length) {
            field.value = codes[0].rawValue;
            stream.getTracks().forEach(function (t) { t.stop(); });
            video.remove();
            field.focus();
          } else { requestAnimationFrame(look); }
        }).catch(function () { requestAnimationFrame(look); });
      }
      look();
    }).catch(function () { scan.hidden = true; });
  });
  }
})();
