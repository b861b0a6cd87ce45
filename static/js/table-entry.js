/* Table-side entry on a phone with poor signal: the round is sent once, whenever it can be.
 *
 * The form carries an idempotency key. On submit the form is kept (with its key) in
 * localStorage and posted with fetch; without signal it is retried every few seconds and
 * when the phone comes back online. The server answers a repeated key with the first answer,
 * so a retry never stores a result twice.
 */
(function () {
  "use strict";
  var form = document.querySelector("form[data-table-entry]");
  if (!form || !window.fetch || !window.localStorage) { return; }
  // The address with its query, as the form without script posts it: ``?event=`` names the
  // event of a player in two running events (without it the round would not be sent).
  var address = window.location.pathname + window.location.search;
  var storeKey = "tenace:pending:" + address;
  var note = form.querySelector(".offline-note");
  var timer = null;

  function send(body) {
    return fetch(address, {
      method: "POST", body: new URLSearchParams(body), credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (response) {
      window.localStorage.removeItem(storeKey);
      if (timer) { window.clearInterval(timer); timer = null; }
      return response.text().then(function (html) {
        document.open(); document.write(html); document.close();
        if (response.redirected) { window.location.replace(response.url); }
      });
    });
  }

  function retry() {
    var saved = window.localStorage.getItem(storeKey);
    if (!saved) { return; }
    send(JSON.parse(saved)).catch(function () {
      if (note) { note.hidden = false; }
      if (!timer) { timer = window.setInterval(retry, 3000); }
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var body = {};
    new FormData(form).forEach(function (value, key) { body[key] = value; });
    window.localStorage.setItem(storeKey, JSON.stringify(body));
    retry();
  });
  window.addEventListener("online", retry);
  retry();
})();
