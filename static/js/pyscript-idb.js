// PyScript without IndexedDB. PyScript keeps two small databases of its own through
// @webreflection/idb-map ("IDBMap/<name>"): one for pyscript.fs, opened when its module is
// evaluated, and the packages cache, opened and read while the interpreter starts, which
// the start waits for. Cardems uses neither (it installs no packages, mounts no folder),
// and where IndexedDB is missing, throws on access or refuses to open (private modes,
// policies, sandboxes) either one stopped the page: "Cardems could not start".
// So PyScript's databases live in memory: `indexedDB` is a stand-in whose open() of an
// "IDBMap/" name answers with an empty database kept in this page; any other name goes to
// the browser's own factory, which fails or not as it would without the stand-in (the
// statistics, static/js/statsdb.js, say why). Once PyScript says "Loaded Storage" (after
// the packages cache, its last use), the browser's own `indexedDB` is put back.
// A classic script, before PyScript's in the head: it runs before any module.
(function () {
  "use strict";
  var PYSCRIPT = /^IDBMap\//;  // the names of @webreflection/idb-map's databases
  var own = Object.getOwnPropertyDescriptor(window, "indexedDB");
  var standIn;

  function browsers() {  // the browser's factory, as the page would meet it
    if (!own) return Object.getPrototypeOf(window).indexedDB;
    return own.get ? own.get.call(window) : own.value;
  }

  function restore() {
    if (window.indexedDB !== standIn) return;  // a test or an extension set another since
    if (own) Object.defineProperty(window, "indexedDB", own);
    else delete window.indexedDB;
  }

  // A request answered once its caller has set its handlers (they are set just after the call).
  function answer(result) {
    var request = { readyState: "pending", result: undefined, error: null, source: null, transaction: null };
    Promise.resolve().then(function () {
      request.readyState = "done";
      request.result = result;
      if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
    });
    return request;
  }

  function memory(name) {  // one object store, all idb-map asks of it
    var data = new Map();
    var store = {
      get: function (key) { return answer(data.get(key)); },
      getKey: function (key) { return answer(data.has(key) ? key : undefined); },
      getAllKeys: function () { return answer(Array.from(data.keys())); },
      count: function () { return answer(data.size); },
      put: function (value, key) { data.set(key, value); return answer(key); },
      delete: function (key) { data.delete(key); return answer(undefined); },
      clear: function () { data.clear(); return answer(undefined); }
    };
    return {
      name: name, version: 1, objectStoreNames: { length: 1, contains: function () { return true; } },
      transaction: function () { return { objectStore: function () { return store; } }; },
      close: function () {}
    };
  }

  var kept = new Map();
  standIn = {
    open: function (name, version) {
      name = String(name);
      if (PYSCRIPT.test(name)) {
        if (!kept.has(name)) kept.set(name, memory(name));
        return answer(kept.get(name));
      }
      var factory = browsers();
      return version === undefined ? factory.open(name) : factory.open(name, version);
    },
    deleteDatabase: function (name) { return browsers().deleteDatabase(name); },
    databases: function () { return browsers().databases(); },
    cmp: function (a, b) { return browsers().cmp(a, b); }
  };
  try {
    Object.defineProperty(window, "indexedDB", { value: standIn, configurable: true, writable: true });
  } catch (e) {
    return;  // not replaceable here: PyScript meets the browser's own
  }
  window.addEventListener("py:progress", function done(event) {
    if (String(event.detail) !== "Loaded Storage") return;
    window.removeEventListener("py:progress", done);
    restore();
  });
})();
