// Optional sounds, off until the person turns them on (the choice is kept in
// localStorage): a short chime when it becomes your turn and a rattle when dice are
// rolled, both made with WebAudio (no sound files).

const KEY = "dicefront.sound";
let ctx = null;
let yours = false;

export const soundOn = () => { try { return JSON.parse(localStorage.getItem(KEY)) === true; } catch { return false; } };

function audio() {
  if (!soundOn()) return null;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  ctx ||= new Ctx();
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

function tone(a, freq, start, length, type = "sine", gain = 0.08) {
  const osc = a.createOscillator(), amp = a.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(gain, a.currentTime + start);
  amp.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + start + length);
  osc.connect(amp).connect(a.destination);
  osc.start(a.currentTime + start);
  osc.stop(a.currentTime + start + length + 0.02);
}

// It is your turn now (`mine`): a two-note chime when it just became so (`silent`:
// the first board of the page, which only sets where things stand).
export function turnSound(mine, silent) {
  const was = yours;
  yours = mine;
  const a = !was && mine && !silent ? audio() : null;
  if (a) { tone(a, 660, 0, 0.16); tone(a, 880, 0.14, 0.22); }
}

// Dice were rolled: a few short clicks.
export function diceSound() {
  const a = audio();
  if (a) for (let i = 0; i < 4; i++) tone(a, 180 + 90 * ((i * 7) % 5), i * 0.055, 0.05, "triangle", 0.06);
}

// The toggle button: shows the setting and flips it.
export function soundToggle(button) {
  if (!button) return;
  const draw = () => {
    const on = soundOn();
    button.textContent = on ? "♪ Sound on" : "♪ Sound off";
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.title = on ? "Turn the sounds off" : "Turn on a chime for your turn and a rattle for dice";
  };
  button.addEventListener("click", () => {
    try { localStorage.setItem(KEY, JSON.stringify(!soundOn())); } catch { /* private mode: stays off */ }
    draw();
    if (soundOn()) diceSound();  // a sample, and the click lets the browser start the audio
  });
  draw();
}
