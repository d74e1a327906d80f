// Board patches (server/board_diff.py): after the first state message, the server
// sends a seat's board as the pieces that changed since the board it last sent.
// A board is cut before every ' id="'; a patch {of, ops} replaces runs of pieces.

const SEP = ' id="';

export class BoardPatcher {
  constructor() { this.pieces = null; }
  // Fill in m.svg from m.patch (or remember m.svg). False: the patch does not fit the
  // board held here (ask the server for the whole board again).
  take(m) {
    if (typeof m.svg === "string") { this.pieces = m.svg.split(SEP); return true; }
    if (!m.patch) return true;
    const out = patched(this.pieces, m.patch);
    if (!out) { this.pieces = null; return false; }
    this.pieces = out;
    m.svg = out.join(SEP);
    delete m.patch;
    return true;
  }
}

function patched(old, patch) {
  if (!old || !Array.isArray(patch.ops) || patch.of !== old.length) return null;
  const out = old.slice();
  let last = old.length + 1;
  for (let i = patch.ops.length - 1; i >= 0; i--) {
    const [start, end, parts] = patch.ops[i];
    if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= old.length && end <= last)) return null;
    if (!Array.isArray(parts) || !parts.every((p) => typeof p === "string")) return null;
    out.splice(start, end - start, ...parts);
    last = start;
  }
  return out;
}
