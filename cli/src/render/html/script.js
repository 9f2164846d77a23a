// Filters: verdict and level checkboxes hide requirement rows and scenarios. The page's
// address may preset them: report.html#verdict=fail,warn&level=must
(function () {
  "use strict";
  var boxes = document.querySelectorAll("#filters input[type=checkbox]");
  function chosen(name) {
    var on = [];
    boxes.forEach(function (b) { if (b.name === name && b.checked) { on.push(b.value); } });
    return on;
  }
  function apply() {
    var verdicts = chosen("verdict");
    var levels = chosen("level");
    document.querySelectorAll(".req-row").forEach(function (row) {
      var level = row.getAttribute("data-level");
      row.hidden = verdicts.indexOf(row.getAttribute("data-verdict")) < 0 ||
        (level !== "" && levels.indexOf(level) < 0);
    });
    document.querySelectorAll(".scenario").forEach(function (s) {
      var v = s.getAttribute("data-verdict");
      s.hidden = verdicts.indexOf(v === "not-run" ? "na" : v) < 0;
    });
  }
  var preset = {};
  window.location.hash.replace(/^#/, "").split("&").forEach(function (part) {
    var kv = part.split("=");
    if (kv.length === 2) { preset[kv[0]] = kv[1].split(","); }
  });
  boxes.forEach(function (b) {
    if (preset[b.name]) { b.checked = preset[b.name].indexOf(b.value) >= 0; }
    b.addEventListener("change", apply);
  });
  apply();
})();
