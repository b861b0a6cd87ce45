/* Live standings: keep an open standings page (or a director's progress grid) up to date
 * without a reload.
 *
 * The page marks the region to refresh with data-live-version (the snapshot version shown),
 * data-live-fragment (the HTML of the region: ETag, 304 while unchanged) and, when it may
 * stream, data-live-stream (server-sent events). A stream with ?table=1 carries the table
 * itself ("table" events: id = version, data = the HTML, the same for every reader), so a new
 * version costs the server one rendering, not one request per open page; a stream of
 * "version" events (WSGI, the progress grid) makes the page fetch its fragment. If the stream
 * fails (a proxy, an old phone), or when the region names none, the page polls its fragment
 * with If-None-Match every 1-3 s (jittered, so that a room of phones does not ask at once).
 *
 * The reader's own pairs (data-live-mine: their ids; data-live-you: the word for "you") are
 * marked here, on the page: the shared table never names a reader.
 */
(function () {
  "use strict";
  // Every live region of the page (the control room has one per section).
  document.querySelectorAll("[data-live-fragment]").forEach(live);

  function versionOf(region) {
    var marker = region.querySelector("[data-version]");
    return marker ? parseInt(marker.getAttribute("data-version") || "0", 10) : 0;
  }

  function markMine(region) {
    var mine = (region.getAttribute("data-live-mine") || "").split(" ").filter(Boolean);
    var word = region.getAttribute("data-live-you") || "you";
    mine.forEach(function (entry) {
      region.querySelectorAll('tr[data-entry="' + entry + '"]').forEach(function (row) {
        if (row.classList.contains("you")) { return; }
        row.classList.add("you");
        row.setAttribute("aria-current", "true");
        var cell = row.querySelector("a") ? row.querySelector("a").parentNode : null;
        if (cell) {
          var mark = document.createElement("span");
          mark.className = "you-mark";
          mark.textContent = "(" + word + ")";
          cell.appendChild(document.createTextNode(" "));
          cell.appendChild(mark);
        }
      });
    });
  }

  function live(region) {
    var shown = parseInt(region.getAttribute("data-live-version") || "0", 10);
    var fragmentUrl = region.getAttribute("data-live-fragment");
    var streamUrl = region.getAttribute("data-live-stream");
    var etag = null;
    var fetching = false;
    var polling = false;

    // A director typing in the region (a dispute's reason) keeps what they typed: the
    // refresh waits until they leave the field and nothing typed is left unsent.
    function busy() {
      var active = document.activeElement;
      if (active && region.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) { return true; }
      return Array.prototype.some.call(region.querySelectorAll("input[type=text]"), function (input) { return input.value !== input.defaultValue; });
    }

    // Put a table (or progress grid) in place if it is newer than the one shown.
    // (A director typing in the region keeps what they typed: it waits, see busy().)
    function show(html, version) {
      if (version <= shown) { return; }
      if (busy()) { setTimeout(function () { show(html, version); }, 1000); return; }
      region.innerHTML = html;
      markMine(region);
      shown = version;
      region.setAttribute("data-live-version", String(version));
      region.dispatchEvent(new CustomEvent("standings:updated", { detail: version }));
    }

    // Fetch the fragment (If-None-Match: 304 while unchanged); then() gets its version.
    function fetchFragment() {
      var headers = { "HX-Request": "true" };
      if (etag) { headers["If-None-Match"] = etag; }
      return fetch(fragmentUrl, { headers: headers, credentials: "same-origin", cache: "no-cache" })
        .then(function (response) {
          if (response.status !== 200) { return shown; }
          etag = response.headers.get("ETag");
          return response.text().then(function (html) {
            var holder = document.createElement("div");
            holder.innerHTML = html;
            var got = versionOf(holder);
            show(html, got);
            return got;
          });
        });
    }

    // Told of a version: fetch until the fragment shows it (it may still be being written).
    function refresh(version, attempt) {
      attempt = attempt || 0;
      if (version <= shown || fetching) { return; }
      if (busy()) { setTimeout(function () { refresh(version, attempt); }, 1000); return; }
      fetching = true;
      fetchFragment()
        .then(function (got) {
          if (got < version && attempt < 20) {
            setTimeout(function () { refresh(version, attempt + 1); }, 250);
          }
        })
        .catch(function () { /* poor signal: the next version or poll brings it */ })
        .finally(function () { fetching = false; });
    }

    function poll() {
      fetchFragment()
        .catch(function () { /* poor signal: try again on the next tick */ })
        .finally(function () { setTimeout(poll, 1000 + Math.random() * 2000); });
    }

    function startPolling() {
      if (!polling) { polling = true; setTimeout(poll, Math.random() * 2000); }
    }

    if (streamUrl && window.EventSource) {
      var failures = 0;
      var source = new EventSource(streamUrl);
      source.addEventListener("table", function (event) {
        failures = 0;
        show(event.data, parseInt(event.lastEventId, 10));
      });
      source.addEventListener("version", function (event) {
        failures = 0;
        refresh(parseInt(event.data, 10));
      });
      source.onerror = function () {
        failures += 1;
        // The server closes each stream after a while and the browser reconnects by itself.
        // A stream refused (204: the server is busy) or failing again and again: poll instead.
        if (source.readyState === EventSource.CLOSED || failures >= 3) {
          source.close();
          startPolling();
        }
      };
    } else {
      startPolling();
    }
  }
})();
