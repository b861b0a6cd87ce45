/* The table screen updates itself: every few seconds it asks the server for the screen's
 * state (a short fingerprint of the round shown and its results) and reloads when it
 * changed — when the other pair entered or confirmed, or the round is complete. While
 * something is typed in the form it does not reload (nothing typed is lost): a note offers
 * to show the change instead.
 */
(function () {
  "use strict";
  var screen = document.querySelector("[data-table-screen]");
  if (!screen || !window.fetch) { return; }
  var url = screen.getAttribute("data-state-url");
  var known = screen.getAttribute("data-state");
  var note = screen.querySelector(".live-note");
  var every = 8000;

  function typing() {
    return Array.prototype.some.call(
      screen.querySelectorAll("form[data-table-entry] input.tricks"),
      function (field) { return field.value !== field.defaultValue; }
    );
  }

  function pending() {
    return window.localStorage &&
      window.localStorage.getItem("tenace:pending:" + window.location.pathname);
  }

  function check() {
    if (document.hidden) { return; }
    fetch(url + window.location.search, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (body) {
        if (!body.state || body.state === known) { return; }
        if (typing() || pending()) {
          if (note) { note.hidden = false; }
        } else {
          window.location.reload();
        }
      })
      .catch(function () { /* no signal: ask again next time */ });
  }

  if (note) {
    var button = note.querySelector("[data-reload]");
    if (button) { button.addEventListener("click", function () { window.location.reload(); }); }
  }
  window.setInterval(check, every);
  document.addEventListener("visibilitychange", check);
})();
