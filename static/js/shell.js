// The shell: paints the page in the player's language before Python loads,
// follows PyScript's loading on the progress bar, and shows a clear message
// if the engine cannot start. Python takes over through window.cardemsShell.
// Once the app is ready it links the web app manifest, registers the service
// worker (sw.js), and offers a new version when one has been installed: the
// player chooses when to reload.
(function () {
  "use strict";
  var LANGS = { en: "ltr", tr: "ltr", ar: "rtl", fa: "rtl" };
  var LANG_KEY = "cardems:lang";
  var root = document.documentElement;
  var catalogs = {};
  var done = false;
  var failure = null;
  var FETCH = /fetch|network|could not load|failed to load/i;  // a message of a download that failed  // the catalog key of the start's failure message
  var CRASHED = "The game engine stopped while starting. Reload the page; if this happens again, " +
    "clearing this site's data in your browser's settings starts Cardems afresh.";

  function known(lang) {  // not an inherited name ("constructor", "__proto__")
    return typeof lang === "string" && Object.prototype.hasOwnProperty.call(LANGS, lang);
  }

  // The stored language, if it is one (cardems/web/storage.py checks every stored
  // value once Python is up, and tells the player what it reset).
  function storedLanguage() {
    try {
      var saved = JSON.parse(localStorage.getItem(LANG_KEY));
      return known(saved) ? saved : null;
    } catch (e) { return null; }  // not JSON, or no storage at all
  }

  function pickLanguage() {
    var saved = storedLanguage();
    if (saved) return saved;
    var prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < prefs.length; i++) {
      var code = String(prefs[i]).toLowerCase().split("-")[0];
      if (known(code)) return code;
    }
    return "en";
  }

  function catalogUrl(lang) {
    return "cardems/web/locales/" + lang + ".json";
  }

  function setRoot(lang) {  // only a change: a new value makes the browser restyle the whole page
    if (root.lang !== lang) root.lang = lang;
    if (root.dir !== LANGS[lang]) root.dir = LANGS[lang];
  }

  function apply(lang, messages) {
    setRoot(lang);
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var text = messages[node.getAttribute("data-i18n")];
      if (text && node.textContent !== text) node.textContent = text;  // unchanged text: no new layout
    });
    if (messages["app.name"]) document.title = messages["app.name"];
    var select = document.getElementById("lang");
    if (select) { select.value = lang; select.setAttribute("aria-label", messages["lang.label"] || "Language"); }
  }

  function setLanguage(lang) {
    if (!known(lang)) lang = "en";
    setRoot(lang);
    if (catalogs[lang]) { apply(lang, catalogs[lang]); return Promise.resolve(); }
    return fetch(catalogUrl(lang)).then(function (r) { return r.json(); }).then(function (messages) {
      catalogs[lang] = messages;
      if (root.lang === lang) apply(lang, messages);
    }).catch(function () { /* the English text in the HTML stays */ });
  }

  // Progress: each step of the start reached moves the bar to its mark (where that
  // step usually ends, in % of the start); between marks it creeps, never past the next.
  var STEPS = [
    [/\/pyscript\/core-[^/]*\.js$/, 6], [/pyodide\.asm\.mjs$/, 14], [/pyodide\.asm\.wasm$/, 30],
    [/python_stdlib\.zip$/, 38], ["Loading interpreter", 40], ["Loaded interpreter", 80],
    ["Loading files", 82], ["Loaded files", 88], ["Loaded Pyodide", 92]];
  var bar, value = 0, reached = 2;
  function reach(mark) {
    if (mark > reached) reached = mark;
    show(reached);
  }
  function show(v) {
    if (done) return;
    bar = bar || document.getElementById("progress");
    value = Math.max(value, v);
    if (bar) bar.value = value;
  }
  function nextMark() {
    for (var i = 0; i < STEPS.length; i++) if (STEPS[i][1] > reached) return STEPS[i][1];
    return 97;
  }
  function step(name) {
    for (var i = 0; i < STEPS.length; i++) {
      var key = STEPS[i][0];
      if (typeof key === "string" ? key === name : key.test(name)) reach(STEPS[i][1]);
    }
  }

  // A file that could not be fetched is the connection's fault; anything else stopped the
  // engine while it started, and the message says so instead of blaming the connection.
  function fail(detail, fetching) {
    if (done) return;
    done = true;
    failure = fetching ? "loading.error.body" : "loading.error.crash";
    root.setAttribute("data-cardems", "error");
    if (document.readyState === "loading") {  // before the body is there: show it when it is
      document.addEventListener("DOMContentLoaded", function () { showError(detail); });
    } else {
      showError(detail);
    }
  }

  function showError(detail) {
    var box = document.getElementById("load-error");
    var loading = document.getElementById("loading");
    if (loading) loading.hidden = true;
    if (box) {
      box.hidden = false;
      var body = document.getElementById("load-error-body");
      var messages = catalogs[root.lang] || {};
      if (body && failure !== "loading.error.body") {
        body.setAttribute("data-i18n", failure);
        body.textContent = messages[failure] || CRASHED;
      }
      var reload = document.getElementById("load-error-reload");
      if (reload) reload.onclick = function () { location.reload(); };
      var d = document.getElementById("load-error-detail");
      if (d && detail) d.textContent = String(detail).slice(0, 300);
    }
  }

  // ---------------------------------------------------------------- rules before Python
  // A #/rules/<game> address shows that game's rules at once, as the build wrote them
  // (rules/<game>/<lang>.html, by the app's own renderer, as it shows them from the lobby);
  // the app renders the same page in its place when it is up. Until then, following a
  // link here switches between the lobby and a game's rules.
  var RULES_CSS = ["static/css/rules.css", "static/css/screens.css"];  // cardems/web/screens/rules.py's
  var RULES_ROUTE = /^#\/rules\/([a-z][a-z-]*)(?:\?.*)?$/;
  var appUp = false, shownRules = 0;

  function stylesheet(href) {  // added once (as the app's dom.ensure_css), loaded or failed
    var link = document.querySelector('link[rel="stylesheet"][href="' + href + '"]');
    if (link && (link.getAttribute("data-loaded") || link.sheet)) return Promise.resolve();
    if (!link) {
      link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
    }
    return new Promise(function (resolve) {
      function settle() { link.setAttribute("data-loaded", "1"); resolve(); }
      link.addEventListener("load", settle);
      link.addEventListener("error", settle);
    });
  }

  function showRules() {
    if (appUp || !document.body) return;
    var m = RULES_ROUTE.exec(location.hash);
    var screen = document.getElementById("screen");
    if (!m) {  // the lobby, or an address the app will open when it is up
      if (document.body.getAttribute("data-view") === "screen" && screen && screen.hasAttribute("data-prebuilt")) {
        document.body.setAttribute("data-view", "lobby");
      }
      return;
    }
    var lang = root.lang, game = m[1], ticket = ++shownRules;
    if (!document.querySelector('[data-game-tile="' + game + '"]')) return;  // no such game: the app says so
    Promise.all([
      fetch("rules/" + game + "/" + lang + ".html").then(function (r) {
        if (!r.ok) throw new Error("no rules page " + game + "/" + lang);
        return r.text();
      })
    ].concat(RULES_CSS.map(stylesheet))).then(function (got) {
      if (appUp || ticket !== shownRules || !screen) return;  // the app is there, or the player went on
      if (screen.childElementCount && !screen.hasAttribute("data-prebuilt")) return;  // the app's own
      screen.innerHTML = got[0];
      screen.setAttribute("data-prebuilt", game + "/" + lang);
      document.body.setAttribute("data-view", "screen");
    }).catch(function () { /* no such game, or offline before the site was kept: the lobby stays */ });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showRules);
  else showRules();
  window.addEventListener("hashchange", showRules);

  // ---------------------------------------------------------------- a table's frame at once
  // A game's address (a link, or a tile tapped while Python starts) shows the table's frame
  // with the indicator in its middle until the app draws the table (static/css/app.css).
  var TABLE_ROUTE = /^#\/(?:daily\/|review\/)?([a-z][a-z-]*)(?:\?.*)?$/;
  var SCREENS = { rules: 1, stats: 1 };

  function showFrame() {
    if (appUp) return;
    var m = TABLE_ROUTE.exec(location.hash);
    var game = m && !SCREENS[m[1]] && document.querySelector('[data-game-tile="' + m[1] + '"]') ? m[1] : null;
    if (game) document.body.setAttribute("data-starting", game);
    else document.body.removeAttribute("data-starting");
    var loading = document.getElementById("loading");
    var middle = document.querySelector("#table-frame .frame-center");
    if (game && loading && middle && loading.parentNode !== middle) middle.appendChild(loading);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showFrame);
  else showFrame();
  window.addEventListener("hashchange", showFrame);

  function loaded() {
    appUp = true;
    show(100);
    done = true;
    var loading = document.getElementById("loading");
    if (loading) loading.hidden = true;
    document.body.removeAttribute("data-starting");
    offerInstall();
    keepOffline();
  }

  // ---------------------------------------------------------------- offline and updates
  var reloading = false;

  function offerUpdate(worker) {
    var box = document.getElementById("update");
    if (!box) return;
    box.hidden = false;
    box.onclick = function (event) {
      var choice = event.target.getAttribute && event.target.getAttribute("data-update");
      if (choice === "later") box.hidden = true;
      if (choice !== "reload") return;
      reloading = true;
      worker.postMessage({ type: "skip-waiting" }); // the page reloads when it takes over
    };
  }

  function watch(registration) {
    var sw = navigator.serviceWorker;
    if (!registration) return; // a stand-in register() that gives nothing (Playwright's, with workers blocked)
    if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        // with no controller this is the first install, not an update
        if (worker.state === "installed" && sw.controller) offerUpdate(worker);
      });
    });
    sw.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
    });
  }

  // The web app manifest is linked once the app is ready: the browser's install
  // check (fetching the manifest, decoding its icons, drawing frames meanwhile)
  // then does not compete with the interpreter starting.
  function offerInstall() {
    if (document.querySelector('link[rel="manifest"]')) return;
    var link = document.createElement("link");
    link.rel = "manifest";
    link.href = "manifest.webmanifest";
    document.head.appendChild(link);
  }

  // Keep the site for offline play: registered once the app is ready, so the
  // first visit's start is not slowed; later visits look for a new build.
  function keepOffline() {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then(watch, function (e) {
      console.warn("cardems: no offline copy:", e);
    });
  }

  window.cardemsShell = { setLanguage: setLanguage, loaded: loaded, fail: fail };

  setLanguage(pickLanguage());
  window.addEventListener("py:progress", function (event) { step(String(event.detail)); });
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) { step(entry.name); });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* no resource timing: the py:progress steps remain */ }
  }
  var creep = setInterval(function () {
    if (done) clearInterval(creep);
    else show(value + (nextMark() - value) * 0.18);
  }, 500);  // each step of the bar is a frame drawn while the interpreter starts: few of them
  // A module or the interpreter that fails to load: resource errors do not bubble, so capture them.
  window.addEventListener("error", function (event) {
    var t = event.target;
    if (t && t !== window && (t.tagName === "SCRIPT" || t.tagName === "LINK")) fail("could not load " + (t.src || t.href), true);
    else if (!done && event.message) fail(event.message, FETCH.test(event.message));
  }, true);
  if (window.cardemsFailed && window.cardemsFailed.length) fail("could not load " + window.cardemsFailed[0], true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || event.reason);
    if (!done) fail(reason, FETCH.test(String(reason)));
  });
  // PyScript reports Python errors as .py-error elements.
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(function (n) {
        if (n.nodeType === 1 && (n.classList.contains("py-error") || n.querySelector && n.querySelector(".py-error"))) {
          if (!done) fail(n.textContent);
          else console.error("cardems:", n.textContent);
        }
      });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
  setTimeout(function () { if (!done) fail("timed out", true); }, 120000);
})();
