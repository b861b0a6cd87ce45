/* The language switcher (templates/components/language_switcher.html).
 *
 * A choice made with a pointer (mouse, finger) changes the language at once. With a keyboard
 * the arrow keys only move the choice, as they do in any list; Enter or the "Change" button
 * sends it. Browsers fire "change" on every arrow key of a closed select, so that event alone
 * cannot tell a choice from a step.
 */
(function () {
  "use strict";
  var form = document.querySelector("form[data-language-switcher]");
  if (!form) { return; }
  var select = form.querySelector("select");
  var pointer = false;
  select.addEventListener("pointerdown", function () { pointer = true; });
  select.addEventListener("keydown", function (event) {
    pointer = false;
    if (event.key === "Enter") { event.preventDefault(); form.submit(); }
  });
  select.addEventListener("change", function () {
    if (pointer) { form.submit(); }
  });
})();
