// csipgs inside Discord (an Activity): sign in through Discord's client, then bring the
// member's board into this one page and play it there. Discord's SDK lives as long as this
// page does, so the page is never left: boards and answers arrive by fetch, every request
// carries the session (held here, in memory, never in a cookie or an address), and links
// open outside Discord.
(function () {
  "use strict";
  var shell = document.getElementById("activity");
  var page = document.getElementById("page");
  if (!shell || !page) {
    return;
  }
  var clientId = shell.getAttribute("data-client");
  var publicUrl = shell.getAttribute("data-public");
  var session = null;
  var sdk = null;
  var source = null;
  var opened = null;
  var pictures = [];
  // A turn on its way: its answer, not the stream's news of it, is the board to show.
  var sending = false;

  function say(text, failed) {
    page.textContent = "";
    var p = document.createElement("p");
    p.setAttribute("role", failed ? "alert" : "status");
    p.className = failed ? "error" : "";
    p.textContent = text;
    page.appendChild(p);
  }

  function signed(url, options) {
    options = options || {};
    options.headers = Object.assign({ Authorization: "Bearer " + session }, options.headers);
    options.credentials = "omit";
    return fetch(url, options);
  }

  // What our server answered as JSON, or the error it gave.
  async function answer(response) {
    var body = await response.json().catch(function () {
      return {};
    });
    if (!response.ok) {
      throw new Error(body.error || "The bot answered " + response.status + ".");
    }
    return body;
  }

  // A page of ours, its board brought into this one. The board picture is the member's own
  // (in a fog game, all they may see): fetched with the session, shown from memory.
  function show(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.getElementById("page");
    pictures.forEach(URL.revokeObjectURL);
    pictures = [];
    var own = [];
    if (main) {
      main.querySelectorAll("img[src$='/play/board.png']").forEach(function (img) {
        own.push([img, img.getAttribute("src")]);
        img.removeAttribute("src");
      });
    }
    page.textContent = "";
    if (!main) {
      say("The bot's answer couldn't be read: close the board and open it again.", true);
      return;
    }
    while (main.firstChild) {
      page.appendChild(document.adoptNode(main.firstChild));
    }
    document.title = doc.title;
    own.forEach(function (pair) {
      var img = pair[0];
      signed(pair[1]).then(function (r) {
        return r.ok ? r.blob() : null;
      }).then(function (blob) {
        if (blob) {
          var url = URL.createObjectURL(blob);
          pictures.push(url);
          img.src = url;
        }
      });
    });
    var play = document.getElementById("play");
    if (play && window.csipgsBoard) {
      window.csipgsBoard(play);
    }
  }

  async function open(path) {
    opened = path;
    var response = await signed(path);
    show(await response.text());
    follow(path.replace(/\/play$/, "/events"));
  }

  // The game's stream: a turn played elsewhere (in Discord, by the opponent) brings the
  // board back.
  function follow(events) {
    if (source) {
      source.close();
    }
    source = new EventSource(events);
    source.addEventListener("game", function (event) {
      var update;
      try {
        update = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      var play = document.getElementById("play");
      if (sending || !play) {
        return;
      }
      if (update.played !== Number(play.getAttribute("data-played"))) {
        open(opened);
        return;
      }
      var head = document.getElementById("head");
      var state = document.getElementById("state");
      if (head && state) {
        head.innerHTML = update.head;
        state.textContent = update.state;
      }
    });
    source.addEventListener("gone", function () {
      source.close();
      source = null;
      say("This game's pages are no longer public: its server stopped showing them.", true);
    });
  }

  // The board's forms (a turn, a purchase, a draw offer, a button of an answer) sent with
  // the session; the answer is the board to show.
  page.addEventListener("submit", function (event) {
    var form = event.target;
    event.preventDefault();
    var data = new URLSearchParams(new FormData(form));
    sending = true;
    signed(new URL(form.action).pathname, { method: "POST", body: data })
      .then(function (r) {
        return r.text();
      })
      .then(show, function () {
        say("The bot couldn't be reached: check your connection, then reopen the board.", true);
      })
      .finally(function () {
        sending = false;
      });
  });

  // Leaving this page would end the SDK: links open outside Discord, or, to a game of the
  // list, here.
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[href]");
    if (!link) {
      return;
    }
    event.preventDefault();
    var path = link.getAttribute("data-open");
    if (path) {
      open(path);
    } else if (sdk) {
      var target = new URL(link.href);
      var url = target.origin === window.location.origin
        ? publicUrl + target.pathname + target.search + target.hash
        : target.href;
      sdk.commands.openExternalLink({ url: url }).catch(function () {});
    }
  });

  function paragraph(text) {
    var p = document.createElement("p");
    p.textContent = text;
    page.appendChild(p);
    return p;
  }

  // The member's games; and the game played in this channel, when it isn't theirs, to watch
  // outside Discord.
  function list(games, watch) {
    page.textContent = "";
    var title = document.createElement("h1");
    title.textContent = games.length ? "Your games" : "No games to play";
    page.appendChild(title);
    if (watch) {
      var p = paragraph("You don't play in this channel's game. ");
      var a = document.createElement("a");
      a.href = watch;
      a.textContent = "Watch it";
      p.appendChild(a);
    }
    if (!games.length) {
      paragraph("You have no game in progress on a server that shows its pages. " +
        "Challenge someone with /challenge in a channel, then open this board from the game's Play button.");
      return;
    }
    var ul = document.createElement("ul");
    games.forEach(function (game) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = game.path;
      a.setAttribute("data-open", game.path);
      a.textContent = game.title;
      li.appendChild(a);
      if (game.yours) {
        li.appendChild(document.createTextNode(" · your turn"));
      }
      ul.appendChild(li);
    });
    page.appendChild(ul);
  }

  async function start() {
    var query = new URLSearchParams(window.location.search);
    if (!query.get("frame_id")) {
      say("This is csipgs's board inside Discord: open it from a game's Play button in Discord. " +
        "In a browser, play from the link /game gives you.");
      return;
    }
    sdk = new window.DiscordSDK(clientId, { disableConsoleLogOverride: true });
    await Promise.race([sdk.ready(), new Promise(function (resolve, reject) {
      setTimeout(function () {
        reject(new Error("Discord's client didn't answer within 15 seconds"));
      }, 15000);
    })]);
    say("Signing you in…");
    var granted = await sdk.commands.authorize({
      client_id: clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"]
    });
    var signedIn = await answer(await fetch("/activity/token", {
      method: "POST",
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: granted.code })
    }));
    session = signedIn.session;
    await sdk.commands.authenticate({ access_token: signedIn.access_token });
    var where = "?guild=" + encodeURIComponent(sdk.guildId || "") +
      "&channel=" + encodeURIComponent(sdk.channelId || "");
    var found = await answer(await signed("/activity/games" + where));
    var here = found.games.filter(function (g) {
      return g.here;
    });
    if (here.length === 1) {
      await open(here[0].path);
    } else {
      list(found.games, found.watch);
    }
  }

  start().catch(function (error) {
    var why = error && error.message ? error.message : "Discord didn't answer";
    say("Your board couldn't open: " + why + ". Close it and open it again.", true);
  });
})();
