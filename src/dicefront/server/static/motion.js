// Pieces glide between squares: after the board is replaced or patched (however the
// SVG arrives), every element with a stable `data-piece` id that stood elsewhere on
// the previous board starts at its old place and slides to its new one. Nothing moves
// on the first board of a page (a reload), while an earlier move is reviewed, just
// after coming back to live, or when the person asked for reduced motion.
//
// A game whose pieces have no identity marks each with `data-look` instead (pieces
// that look alike share it: side and kind). Such a piece glides only when the change
// is unambiguous: exactly one piece of its look left its place and exactly one
// appeared elsewhere. Anything else (a piece removed, one added, two alike moving at
// once) is drawn where it is, without gliding: never from a place it did not come from.

const GLIDE_MS = 320;

const center = (node) => {
  let b;
  try { b = node.getBBox(); } catch { return null; }
  return b.width || b.height ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
};

function measure(board) {
  const out = new Map(), looks = new Map();
  const svg = board.querySelector("svg");
  if (!svg) return { out, looks };
  for (const node of svg.querySelectorAll("[data-piece]")) {
    const at = center(node);
    if (at) out.set(node.dataset.piece, at);
  }
  for (const node of svg.querySelectorAll("[data-look]")) {
    const at = center(node);
    if (!at) continue;
    if (!looks.has(node.dataset.look)) looks.set(node.dataset.look, []);
    looks.get(node.dataset.look).push({ at, node });
  }
  return { out, looks };
}

const same = (a, b) => Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;

// Pieces without identity: [look, node, old place, new place] for each look with
// exactly one piece gone from a place and one new at another.
function lookMoves(before, after) {
  const moves = [];
  for (const [look, now] of after) {
    const was = before.get(look) || [];
    const gone = was.filter((w) => !now.some((n) => same(n.at, w.at)));
    const come = now.filter((n) => !was.some((w) => same(n.at, w.at)));
    if (gone.length === 1 && come.length === 1) moves.push([look, come[0].node, gone[0].at, come[0].at]);
  }
  return moves;
}

const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

// While it glides, a piece is drawn last in the board (over the squares and pieces
// drawn after its own square), then put back where the board drew it. A piece inside a
// transformed group stays where it is (its offsets would not hold outside it).
function raise(node) {
  const svg = node.ownerSVGElement;
  if (!svg || !node.parentNode) return () => {};
  for (let p = node.parentNode; p !== svg; p = p.parentNode) {
    if (!p || p.hasAttribute("transform") || getComputedStyle(p).transform !== "none") return () => {};
  }
  const mark = document.createComment("");  // its place (pieces gliding together each keep their own)
  node.before(mark);
  svg.append(node);
  return () => { if (mark.isConnected && node.parentNode === svg) mark.replaceWith(node); else mark.remove(); };
}

function glide(node, dx, dy) {
  const back = raise(node);
  node.classList.add("df-moving");
  node.style.transition = "none";
  node.style.transform = `translate(${dx}px, ${dy}px)`;
  node.getBoundingClientRect();  // start from the old place
  requestAnimationFrame(() => {
    node.style.transition = `transform ${GLIDE_MS}ms ease-out`;
    node.style.transform = "";
  });
  const done = () => { node.classList.remove("df-moving"); node.style.transition = ""; node.style.transform = ""; back(); };
  node.addEventListener("transitionend", done, { once: true });
  setTimeout(done, GLIDE_MS + 200);  // no transitionend when the page is hidden
}

// Watch `board` (the element the game's SVG is put in). Returns a function that
// forgets the previous positions (call it when the next board must not animate).
export function watchBoard(board) {
  let before = null;
  const update = () => {
    if (board.classList.contains("df-review")) { before = null; return; }
    const after = measure(board);
    const moved = [];
    if (before && !reduced()) {
      for (const [id, at] of after.out) {
        const was = before.out.get(id);
        if (!was || same(was, at)) continue;
        const node = board.querySelector(`svg [data-piece="${CSS.escape(id)}"]`);
        if (!node || node.hasAttribute("transform")) continue;  // a transform of its own: leave it be
        glide(node, was.x - at.x, was.y - at.y);
        moved.push(id);
      }
      for (const [look, node, was, at] of lookMoves(before.looks, after.looks)) {
        if (node.hasAttribute("transform")) continue;
        glide(node, was.x - at.x, was.y - at.y);
        moved.push(look);
      }
    }
    if (moved.length) board.dataset.moved = moved.join(" ");
    before = after;
  };
  new MutationObserver((records) => {
    const ours = (r) => r.target.closest?.("#df-overlay") || [...r.addedNodes, ...r.removedNodes].every((n) => n.nodeType !== 1 || n.id === "df-overlay");
    if (records.some((r) => !ours(r))) update();  // not the highlight layer drawn over the board
  }).observe(board, { childList: true, subtree: true });
  return () => { before = null; };
}
