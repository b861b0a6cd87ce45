(function () {
  "use strict";
  /* The order in which members are ticked is the order of the pairs. */
  document.querySelectorAll("form[data-tick-order]").forEach(function (form) {
    var order = [];
    var field = form.querySelector("input[name=order]");
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.name !== "member") { return; }
      order = order.filter(function (id) { return id !== box.value; });
      if (box.checked) { order.push(box.value); }
      field.value = order.join(",");
    });
  });
})();
