/* Whist drives: keep the hall's screen and a table's page up to date, and help typing
 * tricks (13 between the two pairs).
 *
 * An element with data-drive-poll (the drive's version URL) and data-drive-version is
 * refreshed when the drive changes: its data-drive-fragment (if any) is polled with an ETag
 * and put in place when it changed; otherwise the version is polled and the page reloads —
 * unless someone is typing in a form on it.
 */
(function () {
  "use strict";
  var region = document.querySelector("[data-drive-poll]");
  if (region && window.fetch) {
    var shown = region.getAttribute("data-drive-version");
    var pollUrl = region.getAttribute("data-drive-poll");
    var fragmentUrl = region.getAttribute("data-drive-fragment");
    var typing = false;
    var etag = null;
    document.addEventListener("input", function () { typing = true; });
    // The screen polls its own part (304 while unchanged: nothing rendered); a table's page
    // polls the version and reloads. If-None-Match either way, every 1.5-2.5 s (jittered:
    // the phones of a hall do not ask at the same instant).
    var ask = function () {
      var headers = etag ? { "If-None-Match": etag } : {};
      return fetch(fragmentUrl || pollUrl, { headers: headers, credentials: "same-origin", cache: "no-cache" })
        .then(function (response) {
          if (response.status !== 200) { return; }
          etag = response.headers.get("ETag");
          if (fragmentUrl) {
            return response.text().then(function (html) {
              region.innerHTML = html;
              var marker = region.querySelector("[data-version]");
              shown = marker ? marker.getAttribute("data-version") : shown;
              region.setAttribute("data-drive-version", shown);
            });
          }
          return response.json().then(function (body) {
            if (String(body.version) !== shown && !typing) { window.location.reload(); }
          });
        })
        .catch(function () { /* poor signal: try again on the next tick */ });
    };
    var poll = function () {
      ask().finally(function () { setTimeout(poll, 1500 + Math.random() * 1000); });
    };
    setTimeout(poll, Math.random() * 2000);
  }
  // Typing one pair's tricks fills in the other's (13 between them).
  document.querySelectorAll("form[data-thirteen]").forEach(function (form) {
    form.addEventListener("input", function (event) {
      var field = event.target;
      var name = field.name || "";
      var other = null;
      if (name === "tricks_a") { other = form.querySelector("[name=tricks_b]"); }
      else if (name === "tricks_b") { other = form.querySelector("[name=tricks_a]"); }
      var card = /^t(\d+)_(lady|gent)_([ab])$/.exec(name);
      if (card && field.value !== "") {
        // a player's card: the partner's says the same, the opponents' the rest of 13
        var value = parseInt(field.value, 10), side = card[3], them = side === "a" ? "b" : "a";
        var fill = function (selector, shown) {
          var box = form.querySelector("[name=" + selector + "]");
          if (box && box.dataset.typed !== "1" && value >= 0 && value <= 13) { box.value = String(shown); }
        };
        fill("t" + card[1] + "_" + (card[2] === "lady" ? "gent" : "lady") + "_" + side, value);
        fill("t" + card[1] + "_lady_" + them, 13 - value);
        fill("t" + card[1] + "_gent_" + them, 13 - value);
        field.dataset.typed = "1";
        return;
      }
      if (!other || field.value === "") { return; }
      var tricks = parseInt(field.value, 10);
      if (tricks >= 0 && tricks <= 13 && other.dataset.typed !== "1") { other.value = String(13 - tricks); }
      field.dataset.typed = "1";
    });
  });
})();
