// csipgs web pages: what the server sends live, clocks counting down, and stepping through a
// game's turns without a reload. Every page works without this script (its links load the
// turn as a page); the script only makes it quicker and keeps it up to date.
(function () {
  "use strict";
  // A player's board: a click on a piece (or on a reserve piece's button) marks where it may
  // go, from the legal turns the page carries; a click on one of those writes the turn into
  // the box, ready to play. The box is what the page sends, so a typed turn plays the same.
  // The Activity calls it too, on each board it brings in.
  function setUpBoard(play) {
    // A board brought in later (by the Activity) carries the bot's time too.
    var now = document.getElementById("head");
    if (now) {
      skew = Number(now.getAttribute("data-now")) * 1000 - Date.now();
    }
    // The design builder's menus choose as they change.
    document.querySelectorAll("form.pick select").forEach(function (menu) {
      menu.addEventListener("change", function () {
        menu.form.requestSubmit();
      });
    });
    var carried = document.getElementById("clicks");
    var box = document.getElementById("turn");
    if (!carried || !box) {
      return;
    }
    var clicks = JSON.parse(carried.textContent || "[]");
    var preview = document.getElementById("preview");
    var squares = play.querySelectorAll(".squares button");
    var picked = null;
    var mark = function (targets) {
      squares.forEach(function (b) {
        var sq = b.getAttribute("data-sq");
        b.classList.toggle("from", picked !== null && picked.from === sq);
        b.classList.toggle("target", targets.indexOf(sq) >= 0);
      });
    };
    var redesign = document.getElementById("redesign-move");
    var write = function (text) {
      box.value = text;
      if (redesign) {
        redesign.value = text;
      }
      preview.textContent = "Press Play to play " + text + ".";
      box.focus();
    };
    // Several turns between the same squares (a promotion, a two-step move's first step):
    // each offered by name.
    var offer = function (options) {
      if (options.length === 1) {
        write(options[0].text);
        return;
      }
      preview.textContent = "Which? ";
      options.forEach(function (c) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = c.text;
        b.addEventListener("click", function () {
          write(c.text);
        });
        preview.appendChild(b);
      });
    };
    var targetsOf = function (pick) {
      return clicks.filter(function (c) {
        return pick.drop ? c.kind === "drop" && c.piece === pick.drop : c.from === pick.from;
      });
    };
    squares.forEach(function (b) {
      b.addEventListener("click", function () {
        var sq = b.getAttribute("data-sq");
        if (picked) {
          var options = targetsOf(picked).filter(function (c) {
            return c.to === sq;
          });
          if (options.length) {
            picked = null;
            mark([]);
            offer(options);
            return;
          }
        }
        var moves = targetsOf({ from: sq });
        picked = moves.length ? { from: sq } : null;
        mark(moves.map(function (c) {
          return c.to;
        }));
      });
    });
    // A piece dragged onto a square: as its two clicks. (A press and release on two
    // squares makes no click, so only this sees it.)
    // A square whose piece can move claims a touch (touch-action: none), so a finger's
    // drag moves the piece instead of scrolling the page; other squares still scroll it.
    var dragged = null;
    squares.forEach(function (b) {
      if (targetsOf({ from: b.getAttribute("data-sq") }).length) {
        b.classList.add("drag");
      }
      b.addEventListener("pointerdown", function () {
        var sq = b.getAttribute("data-sq");
        dragged = targetsOf({ from: sq }).length ? sq : null;
      });
    });
    play.addEventListener("pointerup", function (event) {
      var from = dragged;
      dragged = null;
      var under = document.elementFromPoint(event.clientX, event.clientY);
      var onto = under && under.closest ? under.closest(".squares button") : null;
      var sq = onto ? onto.getAttribute("data-sq") : null;
      if (!from || !sq || sq === from) {
        return;
      }
      var options = targetsOf({ from: from }).filter(function (c) {
        return c.to === sq;
      });
      if (options.length) {
        picked = null;
        mark([]);
        offer(options);
      }
    });
    play.querySelectorAll("button[data-drop]").forEach(function (b) {
      b.addEventListener("click", function () {
        picked = { drop: b.getAttribute("data-drop") };
        mark(targetsOf(picked).map(function (c) {
          return c.to;
        }));
      });
    });
  }
  window.csipgsBoard = setUpBoard;

  var page = document.getElementById("page");
  if (!page) {
    return;
  }
  // The bot's clock less this browser's, so a deadline counts down right whatever the
  // reader's clock says.
  var head = document.getElementById("head");
  var skew = head ? Number(head.getAttribute("data-now")) * 1000 - Date.now() : 0;

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

  // The running clock counts down to its deadline (Unix seconds, the server's time).
  function tick() {
    var now = Date.now() + skew;
    var clocks = document.querySelectorAll(".clock[data-deadline]");
    for (var i = 0; i < clocks.length; i++) {
      var deadline = Number(clocks[i].getAttribute("data-deadline")) * 1000;
      var left = Math.max(0, Math.floor((deadline - now) / 1000));
      var text = clockText(left);
      if (clocks[i].textContent !== text) {
        clocks[i].textContent = text;
      }
    }
  }
  tick();
  setInterval(tick, 1000);

  // ---- Stepping through a game's turns ----
  var nav = document.getElementById("plies");
  var turns = {};
  var shown = nav ? Number(nav.getAttribute("data-shown")) : 0;
  var played = nav ? Number(nav.getAttribute("data-played")) : 0;
  var side = nav ? nav.getAttribute("data-side") : "white";
  var base = nav ? nav.getAttribute("data-base") : "";
  var wanted = shown;

  function query(ply, onSide) {
    var parts = [];
    if (ply !== played) {
      parts.push("ply=" + ply);
    }
    if (onSide === "black") {
      parts.push("side=black");
    }
    return parts.length ? "?" + parts.join("&") : "";
  }

  // A turn's board, caption and panels, asked for once and kept.
  function turn(ply) {
    var key = ply + "/" + side;
    if (!turns[key]) {
      var url = base + "/ply/" + ply + (side === "black" ? "?side=black" : "");
      turns[key] = fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) {
          delete turns[key];
          throw new Error("turn " + ply + ": " + response.status);
        }
        return response.json();
      });
      turns[key].then(function (t) {
        var picture = new Image();
        picture.src = t.src;
      }, function () {});
    }
    return turns[key];
  }

  function setStep(link, ply, enabled) {
    if (!link) {
      return;
    }
    if (enabled) {
      link.setAttribute("href", base + query(ply, side));
      link.setAttribute("data-ply", String(ply));
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
    }
  }

  // The links, the count and the marked move for the turn shown.
  function drawNav() {
    setStep(nav.querySelector("[data-step='first']"), 0, shown > 0);
    setStep(nav.querySelector("[data-step='prev']"), shown - 1, shown > 0);
    setStep(nav.querySelector("[data-step='next']"), shown + 1, shown < played);
    setStep(nav.querySelector("[data-step='last']"), played, shown < played);
    var flip = nav.querySelector("[data-step='flip']");
    flip.setAttribute("href", base + query(shown, side === "black" ? "white" : "black"));
    document.getElementById("turn").textContent = "Turn " + shown + " of " + played;
    nav.setAttribute("data-shown", String(shown));
    nav.setAttribute("data-played", String(played));
    var moves = document.querySelectorAll("#moves a[data-ply]");
    for (var i = 0; i < moves.length; i++) {
      var ply = Number(moves[i].getAttribute("data-ply"));
      moves[i].setAttribute("href", base + query(ply, side));
      if (ply === shown) {
        moves[i].setAttribute("aria-current", "step");
      } else {
        moves[i].removeAttribute("aria-current");
      }
    }
  }

  function show(ply) {
    if (!nav || ply < 0 || ply > played) {
      return;
    }
    wanted = ply;
    turn(ply).then(function (t) {
      if (wanted !== ply) {
        return;
      }
      var board = document.getElementById("board");
      board.src = t.src;
      board.alt = t.alt;
      document.getElementById("caption").textContent = t.caption;
      document.getElementById("ply").innerHTML = t.panels;
      shown = ply;
      drawNav();
      history.replaceState(null, "", base + query(ply, side));
      // The neighbours, so the next step is instant.
      if (ply > 0) {
        turn(ply - 1).catch(function () {});
      }
      if (ply < played) {
        turn(ply + 1).catch(function () {});
      }
    }, function () {
      // The turn can't be had this way: load it as a page.
      window.location.href = base + query(ply, side);
    });
  }

  function step(name) {
    var target = {
      first: 0,
      prev: wanted - 1,
      next: wanted + 1,
      last: played
    }[name];
    if (name === "flip") {
      side = side === "black" ? "white" : "black";
      nav.setAttribute("data-side", side);
      show(wanted);
      return true;
    }
    if (target === undefined || target < 0 || target > played) {
      return false;
    }
    show(target);
    return true;
  }

  if (nav) {
    document.addEventListener("click", function (event) {
      if (event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      var link = event.target.closest ? event.target.closest("a") : null;
      if (!link || !link.getAttribute("href")) {
        return;
      }
      var name = link.getAttribute("data-step");
      if (name && nav.contains(link)) {
        event.preventDefault();
        step(name);
      } else if (link.hasAttribute("data-ply") && link.closest("#moves")) {
        event.preventDefault();
        show(Number(link.getAttribute("data-ply")));
      }
    });
    // Left and right step through the turns, Home and End go to the start and the last
    // turn, F turns the board round.
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", f: "flip" };
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      var target = event.target;
      if (target && target.closest && target.closest("input, select, textarea, button")) {
        return;
      }
      var name = keys[event.key];
      if (name && step(name)) {
        event.preventDefault();
      }
    });
  }

  // ---- The live stream ----
  // A game's parts arrive as JSON and are put in place; a reader looking at the last turn
  // follows the game, one looking back stays where they are and sees the new turns listed.
  function onGame(event) {
    var update;
    try {
      update = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    // A player's board: a turn played elsewhere (in Discord, by the opponent) brings the
    // page back, by address, never by re-sending the turn that drew it.
    var board = document.getElementById("play");
    if (board) {
      if (sending) {
        // The player's own turn is on its way: its answer is the page to show.
        return;
      }
      if (update.played !== Number(board.getAttribute("data-played"))) {
        window.location.assign(board.getAttribute("data-page"));
        return;
      }
      document.getElementById("head").innerHTML = update.head;
      document.getElementById("state").textContent = update.state;
      tick();
      return;
    }
    if (!nav && !update.secret) {
      // A fog game has ended: its board and moves are shown now.
      window.location.reload();
      return;
    }
    document.getElementById("head").innerHTML = update.head;
    var state = document.getElementById("state");
    if (state.textContent !== update.state) {
      state.textContent = update.state;
    }
    var moves = document.getElementById("moves");
    if (moves) {
      moves.innerHTML = update.moves;
    }
    var following = shown === played;
    var grew = update.played !== played;
    played = update.played;
    if (nav) {
      if (grew) {
        // The last turn's panels may have been kept before it was the last.
        turns = {};
      }
      if (following && grew) {
        show(played);
      }
      drawNav();
    }
    tick();
  }

  function onGone(source) {
    source.close();
    document.title = "No longer public · csipgs";
    page.innerHTML = "";
    var title = document.createElement("h1");
    title.textContent = "No longer public";
    var why = document.createElement("p");
    why.className = "error";
    why.setAttribute("role", "alert");
    why.textContent = "This page is no longer public: its server stopped showing its pages, " +
      "replaced its links or removed the bot.";
    page.appendChild(title);
    page.appendChild(why);
  }

  var source = null;
  // A turn sent from a player's board: the stream's news of it must not replace its answer.
  var sending = false;
  function connect() {
    var events = page.getAttribute("data-events");
    if (!events || !window.EventSource || source) {
      return;
    }
    source = new EventSource(events);
    source.addEventListener("game", onGame);
    source.addEventListener("update", function (event) {
      document.getElementById("live").innerHTML = event.data;
    });
    source.addEventListener("watchers", function (event) {
      var watchers = document.getElementById("watchers");
      var n = Number(event.data);
      if (watchers) {
        watchers.textContent = n === 1 ? "1 watching" : n + " watching";
      }
    });
    source.addEventListener("gone", function () {
      onGone(source);
      source = null;
    });
  }
  // One stream for an open page: closed when the page is left (so pages kept for the back
  // button hold no connection), opened again if it is shown again.
  window.addEventListener("pagehide", function () {
    if (source) {
      source.close();
      source = null;
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      window.location.reload();
    }
  });
  connect();
  var play = document.getElementById("play");
  if (play) {
    page.querySelectorAll("form").forEach(function (form) {
      form.addEventListener("submit", function () {
        sending = true;
      });
    });
    if (window.history.replaceState) {
      // A page drawn as the answer to a turn: reloading it asks for the page, not the turn
      // again.
      window.history.replaceState(null, "", play.getAttribute("data-page"));
    }
    setUpBoard(play);
  }
})();
