// Cardems sound effects, synthesized on the spot by the vendored ZzFX (no sound files,
// so they work offline like the rest of the site).
//
// Load it as a module (<script type="module" src="static/js/sound.js">) or import it.
// It sets window.cardemsSound:
//
//   cardemsSound.play(name)       play an effect: "play" (a card laid down), "capture",
//                                 "fanfare" (a pişti, a big moment), "war", "draw" (cards drawn), "win", "lose".
//                                 Resolves to true if it played, false if it did not
//                                 (muted, no interaction yet, unknown name, no audio)
//   cardemsSound.setMuted(bool)   mute or unmute, for this page (the app remembers the
//                                 choice through cardems/web/storage.py, the one owner of
//                                 every stored key, and sets it here when it starts)
//   cardemsSound.muted            whether it is muted now
//   cardemsSound.names            the effects' names
//
// Nothing plays, and no AudioContext exists, before the player's first interaction with
// the page (pointerdown or keydown): ZzFX makes its AudioContext when it is imported, so
// it is imported then, not before. An effect asked for earlier is dropped, not queued.
// So load this module with the page: loaded later, it waits for the next interaction.
// (navigator.userActivation would tell of an earlier one, but Playwright's evaluate
// counts as one, so the tests could not tell the two cases apart.)

// ZzFX parameters: volume, randomness, frequency, attack, sustain, release, shape,
// shapeCurve, slide, deltaSlide, pitchJump, pitchJumpTime, repeatTime, noise, ...
const EFFECTS = {
  play: [0.5, 0.05, 300, 0, 0.01, 0.06, 4, 1, 0, 0, 0, 0, 0, 4],
  capture: [0.7, 0.05, 520, 0.01, 0.05, 0.15, 0, 1, 0, 0, 200, 0.05],
  fanfare: [0.9, 0.05, 660, 0.02, 0.1, 0.3, 1, 1, 0, 0, 440, 0.08, 0.12],
  war: [0.9, 0.05, 110, 0.01, 0.15, 0.35, 2, 1, -5, 0, 0, 0, 0, 0.5],
  draw: [0.4, 0.05, 800, 0, 0.02, 0.08, 4, 1, -20, 0, 0, 0, 0, 2],
  win: [0.9, 0.05, 523, 0.02, 0.2, 0.4, 1, 1, 0, 0, 262, 0.1, 0.15],
  lose: [0.7, 0.05, 330, 0.02, 0.2, 0.5, 1, 1, -3, 0, -60, 0.15],
};
export const names = Object.freeze(Object.keys(EFFECTS));

let muted = false;
let engine = null;      // the promise of ZzFX, from the first interaction on
const built = {};       // name -> ZZFXSound, made when first played

function unlock() {
  removeEventListener("pointerdown", unlock, true);
  removeEventListener("keydown", unlock, true);
  if (!engine) engine = import("../vendor/zzfx/ZzFX.js").catch(() => null);
}

if (typeof addEventListener === "function") {
  addEventListener("pointerdown", unlock, true);
  addEventListener("keydown", unlock, true);
}

export async function play(name) {
  if (muted || !engine || !Object.prototype.hasOwnProperty.call(EFFECTS, name)) return false;
  const zzfx = await engine;
  if (!zzfx || muted) return false;
  try {
    const context = zzfx.ZZFX.audioContext;
    if (context.state === "suspended") await context.resume();
    if (!built[name]) built[name] = new zzfx.ZZFXSound([...EFFECTS[name]]);
    built[name].play();
    return true;
  } catch (error) {
    return false;  // no audio output: the game goes on silently
  }
}

export function setMuted(value) {
  muted = Boolean(value);
  return muted;
}

const api = {
  play, setMuted, names,
  get muted() { return muted; },
};
if (typeof window !== "undefined") window.cardemsSound = api;
export default api;
