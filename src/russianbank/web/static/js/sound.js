// Sounds made in the page with the Web Audio API: a card placed, a card turned over, Stop!, the end.
// On by default; the mute switch is remembered (localStorage "rb.sound").
import { pref, setPref } from "./common.js";

let ctx = null;

export function soundOn() {
  return pref("sound", "on") !== "off";
}

export function setSound(on) {
  setPref("sound", on ? "on" : "off");
}

function audio() {
  if (!ctx) {
    // browsers start sound only after the person has touched the page
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return null;
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

// a short tone: frequency, start offset, length (s), volume, wave
function tone(a, f, at, len, vol, type = "sine") {
  const o = a.createOscillator();
  const gain = a.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f, a.currentTime + at);
  gain.gain.setValueAtTime(0.0001, a.currentTime + at);
  gain.gain.exponentialRampToValueAtTime(vol, a.currentTime + at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + at + len);
  o.connect(gain).connect(a.destination);
  o.start(a.currentTime + at);
  o.stop(a.currentTime + at + len + 0.02);
}

// a soft snap of filtered noise, like a card put down
function snap(a, at, vol) {
  const n = Math.floor(a.sampleRate * 0.06);
  const buf = a.createBuffer(1, n, a.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = a.createBufferSource();
  src.buffer = buf;
  const bp = a.createBiquadFilter();
  bp.type = "bandpass";
  bp.frequency.value = 1800;
  const gain = a.createGain();
  gain.gain.value = vol;
  src.connect(bp).connect(gain).connect(a.destination);
  src.start(a.currentTime + at);
}

export const played = []; // what was played (the tests look)

export function play(kind) {
  played.push(kind);
  if (!soundOn()) return;
  const a = audio();
  if (!a) return;
  if (kind === "move") snap(a, 0, 0.5);
  else if (kind === "reveal") {
    snap(a, 0, 0.3);
    tone(a, 660, 0.03, 0.12, 0.05, "triangle");
  } else if (kind === "stop") {
    tone(a, 880, 0, 0.14, 0.12, "square");
    tone(a, 660, 0.16, 0.2, 0.12, "square");
  } else if (kind === "turn") tone(a, 523, 0, 0.18, 0.06, "sine");
  else if (kind === "win") [523, 659, 784, 1047].forEach((f, i) => tone(a, f, i * 0.12, 0.25, 0.08, "triangle"));
  else if (kind === "end") [392, 330, 262].forEach((f, i) => tone(a, f, i * 0.16, 0.3, 0.07, "sine"));
}
