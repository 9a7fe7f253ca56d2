// Cardems statistics database: one record per game played, in IndexedDB (through
// the vendored idb wrapper). What a record holds is decided by the Python side
// (cardems/web/stats.py); this module stores records by their "id" and gives them back.
//
// Load it as a module (<script type="module" src="static/js/statsdb.js">) or import it.
// It sets window.cardemsStats to the API below; every function returns a Promise.
//
//   cardemsStats.put(record)        store a record (an object, or its JSON text) under
//                                   record.id, replacing one with the same id: writing
//                                   a game again (a reload, a resumed game) never adds one
//   cardemsStats.all()              every record, oldest first (by date, then id)
//   cardemsStats.allJson()          the same as JSON text (handy from Python: json.loads)
//   cardemsStats.deleteGame(game)   delete the records of one game; resolves to how many
//   cardemsStats.clear()            delete every record
//   cardemsStats.open(options)      a handle { put, all, allJson, deleteGame, clear, close }
//                                   on the database; options { name, version } are for
//                                   tests (the functions above use the default handle)
//   cardemsStats.close()            close the default handle (the next call reopens it)
//   cardemsStats.DB_NAME, DB_VERSION, WAIT_MS, StatsDbError
//
// A failure rejects with a StatsDbError: error.name === "StatsDbError", error.code one of
//   "unavailable"  no IndexedDB here (private mode, storage disabled, a sandbox)
//   "quota"        the browser's storage is full
//   "blocked"      another tab holds an older version of the database open, or holds it
//                  busy: an open or a read that has no answer in WAIT_MS fails so
//   "version"      the stored database is newer than this page (an older copy of the site)
//   "bad-record"   the record is not an object with a text id (or cannot be stored)
//   "failed"       anything else
// and error.message says the same in English for the console. "unavailable" is only for
// a browser that gives no IndexedDB (no factory, or one that refuses: SecurityError,
// InvalidStateError, NotAllowedError); any other failure while opening is "failed". The page shows the
// notice stats.db.<code> from its catalogs; games still play, and nothing stored is lost.
//
// Schema, version by version (DB_VERSION is the number of steps in MIGRATIONS):
//   1  object store "games", key path "id", index "game"
//   2  index "date" on "games"
// An upgrade runs every step from the stored version to DB_VERSION in one
// transaction; records are kept. A new version appends a step, never edits one, and a
// step makes only what is missing.

import { openDB } from "../vendor/idb/index.js";

export const DB_NAME = "cardems";
export const STORE = "games";

// Each step makes what is missing, so a database of that name made by someone else (a
// neighbour site of the same origin opening "cardems" at version 1 with no store) upgrades too.
function games(db, tx) {
  return db.objectStoreNames.contains(STORE) ? tx.objectStore(STORE) : db.createObjectStore(STORE, { keyPath: "id" });
}
function index(store, name) {
  if (!store.indexNames.contains(name)) store.createIndex(name, name);
}
const MIGRATIONS = [
  (db, tx) => index(games(db, tx), "game"),
  (db, tx) => index(games(db, tx), "date"),
];
export const DB_VERSION = MIGRATIONS.length;
export const WAIT_MS = 5000;  // an open or a transaction waiting longer on another tab fails ("blocked")

const MESSAGES = {
  unavailable: "the statistics database cannot be opened in this browser (private mode or storage turned off?)",
  quota: "the browser's storage is full: the statistics could not be saved",
  blocked: "the statistics database is held open by another Cardems tab: close it and reload",
  version: "the statistics database was made by a newer version of Cardems: reload the page",
  "bad-record": "a statistics record must be an object with a text id",
  failed: "the statistics database failed",
};

export class StatsDbError extends Error {
  constructor(code, detail = "", cause = undefined) {
    super(MESSAGES[code] + (detail ? ` (${detail})` : ""));
    this.name = "StatsDbError";
    this.code = code;
    if (cause !== undefined) this.cause = cause;
  }
}

// The code of a failure from IndexedDB (a DOMException's name), while opening or not.
function failure(error, opening) {
  if (error instanceof StatsDbError) return error;
  const name = (error && error.name) || "";
  const detail = name + (error && error.message ? `: ${error.message}` : "");
  if (name === "QuotaExceededError") return new StatsDbError("quota", detail, error);
  if (name === "VersionError") return new StatsDbError("version", detail, error);
  if (name === "DataError" || name === "DataCloneError") return new StatsDbError("bad-record", detail, error);
  // no IndexedDB here: a factory that refuses, or none to call (TypeError, ReferenceError)
  const refused = ["SecurityError", "InvalidStateError", "NotAllowedError"].includes(name);
  if (refused || (opening && (error instanceof TypeError || error instanceof ReferenceError))) {
    return new StatsDbError("unavailable", detail, error);
  }
  return new StatsDbError("failed", detail, error);
}

function asRecord(record) {
  if (typeof record === "string") {
    try { record = JSON.parse(record); } catch (e) { throw new StatsDbError("bad-record", "not JSON", e); }
  }
  if (!record || typeof record !== "object" || Array.isArray(record) || typeof record.id !== "string" || !record.id) {
    throw new StatsDbError("bad-record");
  }
  return record;
}

function byDate(a, b) {
  const x = `${a.date || ""}\u0000${a.id}`, y = `${b.date || ""}\u0000${b.id}`;
  return x < y ? -1 : x > y ? 1 : 0;
}

class Stats {
  constructor(db, onClose) {
    this.db = db;
    this.onClose = onClose;
  }

  async run(work) {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new StatsDbError("blocked", `no answer in ${WAIT_MS} ms`)), WAIT_MS);
    });
    try {
      return await Promise.race([work(this.db), late]);
    } catch (error) {
      throw failure(error, false);
    } finally {
      clearTimeout(timer);
    }
  }

  async put(record) {
    const value = asRecord(record);
    await this.run((db) => db.put(STORE, value));
  }

  async all() {
    return (await this.run((db) => db.getAll(STORE))).sort(byDate);
  }

  async allJson() {
    return JSON.stringify(await this.all());
  }

  async deleteGame(game) {
    return this.run(async (db) => {
      const tx = db.transaction(STORE, "readwrite");
      const keys = await tx.store.index("game").getAllKeys(String(game));
      await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
      return keys.length;
    });
  }

  async clear() {
    await this.run((db) => db.clear(STORE));
  }

  close() {
    this.db.close();
    if (this.onClose) this.onClose(this);
  }
}

// Open (and create or upgrade) the database; resolves to a handle, or rejects with a StatsDbError.
export function open({ name = DB_NAME, version = DB_VERSION } = {}, onClose = undefined) {
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer;
    const fail = (error) => { if (!settled) { settled = true; clearTimeout(timer); reject(error); } };
    let factory;
    try {
      factory = globalThis.indexedDB;
    } catch (error) {
      factory = null;  // reading it throws where storage is forbidden (a sandboxed frame)
    }
    if (!factory) return fail(new StatsDbError("unavailable", "no indexedDB"));
    let handle = null;
    let pending;
    try {
      pending = openDB(name, version, {
        upgrade(db, oldVersion, newVersion, tx) {
          for (let step = oldVersion; step < newVersion; step++) MIGRATIONS[step](db, tx);
        },
        blocked() { fail(new StatsDbError("blocked")); },
        // another tab wants a newer version: step aside (this page reopens on its next call)
        blocking() { if (handle) handle.close(); },
        terminated() { if (handle && handle.onClose) handle.onClose(handle); },
      });
    } catch (error) {
      return fail(failure(error, true));
    }
    // no answer, and no "blocked" either (another tab's upgrade that never ends): fail all the same
    timer = setTimeout(() => fail(new StatsDbError("blocked", `no answer in ${WAIT_MS} ms`)), WAIT_MS);
    pending.then((db) => {
      if (settled) { db.close(); return; }  // it opened after all, but the caller was told it failed
      settled = true;
      clearTimeout(timer);
      handle = new Stats(db, onClose);
      resolve(handle);
    }, (error) => fail(failure(error, true)));
  });
}

let current = null;  // the default handle's promise

function forget(handle) {
  if (current && current.handle === handle) current = null;
}

function defaultHandle() {
  if (!current) {
    const promise = open({}, forget).then((handle) => { promise.handle = handle; return handle; });
    promise.catch(() => { if (current === promise) current = null; });
    current = promise;
  }
  return current;
}

export async function put(record) { return (await defaultHandle()).put(record); }
export async function all() { return (await defaultHandle()).all(); }
export async function allJson() { return (await defaultHandle()).allJson(); }
export async function deleteGame(game) { return (await defaultHandle()).deleteGame(game); }
export async function clear() { return (await defaultHandle()).clear(); }
export async function close() {
  if (current) {
    const promise = current;
    current = null;
    try { (await promise).close(); } catch (error) { /* it never opened */ }
  }
}

const api = { open, put, all, allJson, deleteGame, clear, close, DB_NAME, DB_VERSION, WAIT_MS, StatsDbError };
if (typeof window !== "undefined") window.cardemsStats = api;
export default api;
