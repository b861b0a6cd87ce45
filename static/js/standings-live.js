/* Live standings: keep an open standings page up to date without a reload.
 *
 * The page marks the region to refresh with data-live-version (the snapshot version shown),
 * data-live-stream (a server-sent events URL streaming the published version),
 * data-live-poll (a cheap version URL answering 304 while nothing changed) and
 * data-live-fragment (the HTML of the refreshed region). Server-sent events first; if they
 * fail (a proxy, an old phone), or when the region names no stream, poll every second with
 * If-None-Match. A page may have several regions; each is kept up to date on its own.
 */
(function () {
  "use strict";
  // Every live region of the page (the control room has one per section).
  document.querySelectorAll("[data-live-fragment]").forEach(live);

  function live(region) {
    var shown = parseInt(region.getAttribute("data-live-version") || "0", 10);
    var fragmentUrl = region.getAttribute("data-live-fragment");
    var pollUrl = region.getAttribute("data-live-poll");
    var streamUrl = region.getAttribute("data-live-stream");
    var etag = null;
    var fetching = false;
    var polling = null;

    // A director typing in the region (a dispute's reason) keeps what they typed: the
    // refresh waits until they leave the field and nothing typed is left unsent.
    function busy() {
      var active = document.activeElement;
      if (active && region.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) { return true; }
      return Array.prototype.some.call(region.querySelectorAll("input[type=text]"), function (input) { return input.value !== input.defaultValue; });
    }

    function refresh(version, attempt) {
      attempt = attempt || 0;
      if (version <= shown || fetching) { return; }
      if (busy()) { setTimeout(function () { refresh(version, attempt); }, 1000); return; }
      fetching = true;
      fetch(fragmentUrl, { headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-cache" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html === null) { return; }
          region.innerHTML = html;
          // The fragment says which snapshot it shows; if it is older than the version
          // announced (the snapshot was still being written), fetch it again shortly.
          var marker = region.querySelector("[data-version]");
          var got = marker ? parseInt(marker.getAttribute("data-version") || "0", 10) : 0;
          if (got >= version) {
            shown = version;
            region.setAttribute("data-live-version", String(version));
            region.dispatchEvent(new CustomEvent("standings:updated", { detail: version }));
          } else if (attempt < 20) {
            setTimeout(function () { refresh(version, attempt + 1); }, 250);
          }
        })
        .finally(function () { fetching = false; });
    }

    function poll() {
      var headers = {};
      if (etag) { headers["If-None-Match"] = etag; }
      fetch(pollUrl, { headers: headers, credentials: "same-origin", cache: "no-cache" })
        .then(function (response) {
          if (response.status === 200) {
            etag = response.headers.get("ETag");
            return response.json().then(function (body) { refresh(body.version); });
          }
          return null;
        })
        .catch(function () { /* poor signal: try again on the next tick */ });
    }

    function startPolling() {
      if (polling === null) { polling = window.setInterval(poll, 1000); poll(); }
    }

    if (streamUrl && window.EventSource) {
      var failures = 0;
      var source = new EventSource(streamUrl);
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
