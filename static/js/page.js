/* What every page does (loaded by base.html).
 *
 * 1. Entry pages put the cursor where the next entry goes (forms marked data-entry-focus):
 * on a field the server refused (aria-invalid), else on the form's first empty field. After
 * a hand or a result is stored the page comes back and the cursor is there again, so a
 * secretary can type hand after hand without reaching for the mouse.
 * Fields inside a closed <details>, hidden, disabled or read-only ones are skipped.
 *
 * 2. A table too wide for the phone scrolls inside its box (.table-scroll); such a box is
 * made reachable with the keyboard (tabindex) and named after the table, so it can be
 * scrolled with the arrow keys.
 */
(function () {
  "use strict";
  function usable(field) {
    if (field.disabled || field.readOnly || field.type === "hidden") { return false; }
    if (field.type === "submit" || field.type === "button") { return false; }
    if (field.closest("details:not([open])")) { return false; }
    return field.offsetParent !== null || field.getClientRects().length > 0;
  }
  function focusEntry() {
    var form = document.querySelector("form[data-entry-focus]");
    if (!form) { return; }
    var fields = Array.prototype.filter.call(form.querySelectorAll("input, select, textarea"), usable);
    var target = fields.filter(function (f) { return f.getAttribute("aria-invalid") === "true"; })[0] ||
      fields.filter(function (f) { return f.type !== "checkbox" && f.type !== "radio" && !f.value; })[0] ||
      fields[0];
    if (target && document.activeElement !== target) {
      target.focus({ preventScroll: false });
      if (target.select && target.value) { target.select(); }
    }
  }
  function scrollRegions() {
    Array.prototype.forEach.call(document.querySelectorAll(".table-scroll"), function (box) {
      if (box.scrollWidth <= box.clientWidth || box.hasAttribute("tabindex")) { return; }
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      var caption = box.querySelector("caption");
      var heading = box.previousElementSibling;
      var name = caption ? caption.textContent :
        (heading && /^H[1-6]$/.test(heading.tagName) ? heading.textContent : document.title);
      box.setAttribute("aria-label", name.trim());
    });
  }
  function ready() { scrollRegions(); focusEntry(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
