// The shell: paints the page in the player's language before Python loads,
// follows PyScript's loading on the progress bar, and shows a clear message
// if the engine cannot start. Python takes over through window.cardemsShell.
(function () {
  "use strict";
  var LANGS = { en: "ltr", tr: "ltr", ar: "rtl", fa: "rtl" };
  var LANG_KEY = "cardems:lang";
  var root = document.documentElement;
  var catalogs = {};
  var done = false;

  function stored(key) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
  }

  function pickLanguage() {
    var saved = stored(LANG_KEY);
    if (saved && LANGS[saved]) return saved;
    var prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < prefs.length; i++) {
      var code = String(prefs[i]).toLowerCase().split("-")[0];
      if (LANGS[code]) return code;
    }
    return "en";
  }

  function catalogUrl(lang) {
    return "cardems/web/locales/" + lang + ".json";
  }

  function apply(lang, messages) {
    root.lang = lang;
    root.dir = LANGS[lang];
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var text = messages[node.getAttribute("data-i18n")];
      if (text) node.textContent = text;
    });
    if (messages["app.name"]) document.title = messages["app.name"];
    var select = document.getElementById("lang");
    if (select) { select.value = lang; select.setAttribute("aria-label", messages["lang.label"] || "Language"); }
  }

  function setLanguage(lang) {
    if (!LANGS[lang]) lang = "en";
    root.lang = lang;
    root.dir = LANGS[lang];
    if (catalogs[lang]) { apply(lang, catalogs[lang]); return Promise.resolve(); }
    return fetch(catalogUrl(lang)).then(function (r) { return r.json(); }).then(function (messages) {
      catalogs[lang] = messages;
      if (root.lang === lang) apply(lang, messages);
    }).catch(function () { /* the English text in the HTML stays */ });
  }

  var bar, value = 0;
  function progress(step) {
    if (done) return;
    bar = bar || document.getElementById("progress");
    value = Math.min(95, value + (95 - value) * step);
    if (bar) bar.value = value;
  }

  function fail(detail) {
    if (done) return;
    done = true;
    root.setAttribute("data-cardems", "error");
    var box = document.getElementById("load-error");
    var loading = document.getElementById("loading");
    if (loading) loading.hidden = true;
    if (box) {
      box.hidden = false;
      var d = document.getElementById("load-error-detail");
      if (d && detail) d.textContent = String(detail).slice(0, 300);
    }
  }

  function loaded() {
    done = true;
    if (bar) bar.value = 100;
    var loading = document.getElementById("loading");
    if (loading) loading.hidden = true;
    // Keep the site for offline play; registered only now, so it never slows the first load.
    if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
      navigator.serviceWorker.register("sw.js").catch(function (e) { console.warn("cardems: no offline copy:", e); });
    }
  }

  window.cardemsShell = { setLanguage: setLanguage, loaded: loaded, fail: fail };

  setLanguage(pickLanguage());
  window.addEventListener("py:progress", function () { progress(0.18); });
  var creep = setInterval(function () { if (done) clearInterval(creep); else progress(0.02); }, 250);
  // A module or the interpreter that fails to load: resource errors do not bubble, so capture them.
  window.addEventListener("error", function (event) {
    var t = event.target;
    if (t && t !== window && (t.tagName === "SCRIPT" || t.tagName === "LINK")) fail("could not load " + (t.src || t.href));
    else if (!done && event.message) fail(event.message);
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    if (!done) fail(event.reason && (event.reason.message || event.reason));
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
  setTimeout(function () { if (!done) fail("timed out"); }, 120000);
})();
