// The table's sounds, off by default (a setting): a card laid down, a trick gathered, your turn,
// a deal won or lost. Made by the Web Audio API on the spot, short and quiet: no sound files
// to fetch, nothing that plays before the player has touched the page (browsers keep an
// audio context silent until then, and the settings checkbox is that touch).

import { prefs } from "./prefs.js";

let context = null;

/** What was played, newest last (the tests read it through window.atout.sounds). */
export const played = [];

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** One soft tone: `freq` Hz for `length` seconds from `at`, rising then fading. */
function tone(ctx, freq, at, length, volume = 0.08, type = "sine") {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A short brush of noise: a card sliding onto the cloth. */
function brush(ctx, at, length = 0.09, volume = 0.12) {
  const frames = Math.floor(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const gain = ctx.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = 2400;
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(at);
}

const SOUNDS = {
  card: (ctx, t) => brush(ctx, t),
  trick: (ctx, t) => { brush(ctx, t, 0.12, 0.08); brush(ctx, t + 0.08, 0.12, 0.06); },
  turn: (ctx, t) => { tone(ctx, 660, t, 0.18); tone(ctx, 990, t + 0.09, 0.25); },
  won: (ctx, t) => [523, 659, 784].forEach((f, i) => tone(ctx, f, t + i * 0.1, 0.3)),
  lost: (ctx, t) => [392, 330].forEach((f, i) => tone(ctx, f, t + i * 0.14, 0.3, 0.06)),
};

/** Play the sound `kind` (card, trick, turn, won, lost) if the player asked for sounds. */
export function sound(kind) {
  if (!prefs().sounds || !(kind in SOUNDS)) return;
  played.push(kind);
  if (played.length > 50) played.shift();
  const ctx = audio();
  if (ctx) SOUNDS[kind](ctx, ctx.currentTime + 0.01);
}
