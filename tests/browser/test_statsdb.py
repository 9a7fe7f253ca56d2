"""The statistics database (static/js/statsdb.js) in a real browser: records are kept
by id across reloads, an upgrade keeps them, and each failure has its own code."""

import json

import pytest

from cardems.web.stats import make_record, record_id, validate_record

pytestmark = pytest.mark.browser

IMPORT = "import(new URL('static/js/statsdb.js', document.baseURI).href)"
CODE = """async ([body, arg]) => {
    const db = (await IMPORT).default;
    try { return {ok: await (new Function('db', 'arg', body))(db, arg)}; }
    catch (e) { return {name: e.name, code: e.code, message: e.message}; }
}""".replace("IMPORT", IMPORT)


def run(page, body: str, arg=None):
    """Run ``body`` (a function body with ``db``, the module's API, and ``arg``) in the page."""
    return page.evaluate(CODE, [f"return (async () => {{ {body} }})();", arg])


def record(n: int, game: str = "pisti", **extra) -> dict:
    fields = dict(
        id=record_id(game, n, 1_764_590_000_000 + n),
        game=game,
        options={"mode": "classic"},
        level="normal",
        players=2,
        side=0,
        date=f"2026-12-01T10:00:{n:02}Z",
        result="win",
        scores=[10, 5],
        moves=24,
    )
    fields.update(extra)
    return make_record(**fields)


@pytest.fixture()
def page(player):
    player.open("")
    return player.page


def test_a_record_put_twice_is_one_record_and_survives_a_reload(page, player):
    first = record(1)
    assert run(
        page, "await db.put(arg); await db.put(JSON.stringify(arg)); return await db.allJson();", first
    ) == {"ok": json.dumps([first], separators=(",", ":"), ensure_ascii=False)}
    finished_later = dict(first, moves=30)
    run(page, "await db.put(arg[0]); await db.put(arg[1]);", [finished_later, record(2, game="war")])
    page.reload()
    player.wait("ready")
    stored = run(page, "return await db.all();")["ok"]
    assert [validate_record(r) for r in stored] == [finished_later, record(2, game="war")]
    assert run(page, "const h = await db.open(); const v = h.db.version; h.close(); return v;") == {"ok": 2}
    assert run(page, "return [await db.deleteGame('pisti'), await db.deleteGame('chess')];") == {"ok": [1, 0]}
    assert [r["game"] for r in run(page, "return await db.all();")["ok"]] == ["war"]
    assert run(page, "await db.clear(); return await db.all();") == {"ok": []}


def test_an_upgrade_from_version_1_keeps_the_records(page):
    records = [record(3), record(4, game="abstract")]
    before = run(
        page,
        """
        const old = await db.open({name: 'cardems-upgrade', version: 1});
        for (const r of arg) await old.put(r);
        const indexes = [...old.db.transaction('games').store.indexNames];
        old.close();
        return [old.db.version, indexes];""",
        records,
    )
    assert before == {"ok": [1, ["game"]]}
    after = run(
        page,
        """
        const db2 = await db.open({name: 'cardems-upgrade'});
        const out = [db2.db.version, [...db2.db.transaction('games').store.indexNames].sort(), await db2.all()];
        db2.close();
        return out;""",
    )
    assert after == {"ok": [2, ["date", "game"], records]}


def test_failures_reject_with_a_code_the_page_can_show(page):
    bad = run(page, "await db.put({game: 'pisti'});")
    assert (bad["name"], bad["code"]) == ("StatsDbError", "bad-record") and "text id" in bad["message"]
    assert run(page, "await db.put('{not json');")["code"] == "bad-record"
    # a database made by a newer version of the site
    newer = run(
        page,
        """
        await new Promise((ok, no) => { const r = indexedDB.open('cardems-newer', 7);
            r.onsuccess = () => { r.result.close(); ok(); }; r.onerror = no; });
        await db.open({name: 'cardems-newer'});""",
    )
    assert newer["code"] == "version" and "newer version" in newer["message"]
    # another tab keeps version 1 open and does not give way
    blocked = run(
        page,
        """
        const held = await new Promise((ok, no) => { const r = indexedDB.open('cardems-held', 1);
            r.onupgradeneeded = () => r.result.createObjectStore('games', {keyPath: 'id'}).createIndex('game', 'game');
            r.onsuccess = () => ok(r.result); r.onerror = no; });
        try { await db.open({name: 'cardems-held'}); } finally { held.close(); }""",
    )
    assert blocked["code"] == "blocked" and "another Cardems tab" in blocked["message"]
    # a full disk
    quota = run(
        page,
        """
        const put = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function () { throw new DOMException('full', 'QuotaExceededError'); };
        try { await db.put(arg); } finally { IDBObjectStore.prototype.put = put; }""",
        record(5),
    )
    assert quota["code"] == "quota"
    assert run(page, "return (await db.all()).length;") == {"ok": 0}
    # no IndexedDB at all (private mode, storage turned off)
    none = run(
        page,
        """
        await db.close();
        const own = Object.getOwnPropertyDescriptor(window, 'indexedDB');
        Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true});
        try { await db.put(arg); }
        finally { if (own) Object.defineProperty(window, 'indexedDB', own); else delete window.indexedDB; }""",
        record(6),
    )
    assert none["code"] == "unavailable"
    assert run(page, "await db.put(arg); return (await db.all()).map(r => r.id);", record(6)) == {
        "ok": [record(6)["id"]]
    }


def test_the_module_sets_window_cardems_stats(page):
    assert page.evaluate(f"""async () => {{ const m = await {IMPORT};
        return [window.cardemsStats === m.default, Object.keys(window.cardemsStats).sort()]; }}""") == [
        True,
        sorted(
            [
                "open",
                "put",
                "all",
                "allJson",
                "deleteGame",
                "clear",
                "close",
                "DB_NAME",
                "DB_VERSION",
                "WAIT_MS",
                "StatsDbError",
            ]
        ),
    ]
