// The page's only script: card-name completion (a <datalist> filled from /cards.json) and
// adding an offered action to the what-if's action list. The page works without it.
(function () {
  var list = document.getElementById("card-names");
  var timer = null;
  document.querySelectorAll("input.card-name").forEach(function (input) {
    input.addEventListener("input", function () {
      clearTimeout(timer);
      var q = input.value;
      timer = setTimeout(function () {
        if (q.trim().length < 2) { return; }
        fetch("cards.json?q=" + encodeURIComponent(q)).then(function (r) { return r.json(); })
          .then(function (names) {
            list.innerHTML = "";
            names.forEach(function (n) {
              var o = document.createElement("option");
              o.value = n;
              list.appendChild(o);
            });
          });
      }, 150);
    });
  });
  var add = document.getElementById("add-action");
  if (add) {
    add.addEventListener("click", function () {
      var offered = document.getElementById("offered");
      var actions = document.getElementById("q-actions");
      Array.prototype.forEach.call(offered.selectedOptions, function (o) {
        actions.value = (actions.value.trim() ? actions.value.replace(/\s+$/, "") + "\n" : "") + o.value;
      });
    });
  }
})();
