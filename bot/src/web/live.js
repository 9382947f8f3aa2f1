// csipgs web pages: what the server sends live, ticking clocks, and keys to step through a
// game. Every page works without this script; it only keeps a page up to date.
(function () {
  "use strict";
  var page = document.getElementById("page");
  var shownAt = Date.now();

  // As the board picture writes a clock (render's clock_text): 2d 03h, 5h 07m, 4:05.
  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }
  function clockText(seconds) {
    if (seconds >= 86400) {
      return Math.floor(seconds / 86400) + "d " + two(Math.floor((seconds % 86400) / 3600)) + "h";
    }
    if (seconds >= 3600) {
      return Math.floor(seconds / 3600) + "h " + two(Math.floor((seconds % 3600) / 60)) + "m";
    }
    return Math.floor(seconds / 60) + ":" + two(seconds % 60);
  }

  // A running clock counts down from the seconds it had when the page was drawn.
  function tick() {
    var gone = Math.floor((Date.now() - shownAt) / 1000);
    var clocks = document.querySelectorAll(".clock[data-running='1']");
    for (var i = 0; i < clocks.length; i++) {
      var left = Math.max(0, Number(clocks[i].getAttribute("data-seconds")) - gone);
      clocks[i].textContent = clockText(left);
    }
  }
  setInterval(tick, 1000);

  // The server sends the page's changing part as HTML it has escaped; it replaces the part
  // shown only while the page follows the game (not while an earlier turn is looked at).
  if (page && page.getAttribute("data-events") && window.EventSource) {
    var source = new EventSource(page.getAttribute("data-events"));
    source.addEventListener("update", function (event) {
      if (page.getAttribute("data-live") !== "1") {
        return;
      }
      document.getElementById("live").innerHTML = event.data;
      shownAt = Date.now();
    });
    // The server closed the page (its server turned the web pages off): reload to say so.
    source.addEventListener("gone", function () {
      source.close();
      window.location.reload();
    });
  }

  // Left and right step through the turns; Home and End go to the start and the last turn.
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, button")) {
      return;
    }
    var step = keys[event.key];
    var link = step && document.querySelector("nav.plies a[data-step='" + step + "']");
    if (link) {
      event.preventDefault();
      window.location.href = link.href;
    }
  });
})();
