// Pieces glide between squares: after the board is replaced or patched (however the
// SVG arrives), every element with a stable `data-piece` id that stood elsewhere on
// the previous board starts at its old place and slides to its new one. Nothing moves
// on the first board of a page (a reload), while an earlier move is reviewed, just
// after coming back to live, or when the person asked for reduced motion.

const GLIDE_MS = 320;

const center = (node) => {
  let b;
  try { b = node.getBBox(); } catch { return null; }
  return b.width || b.height ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
};

function measure(board) {
  const out = new Map();
  const svg = board.querySelector("svg");
  if (!svg) return out;
  for (const node of svg.querySelectorAll("[data-piece]")) {
    const at = center(node);
    if (at) out.set(node.dataset.piece, at);
  }
  return out;
}

const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

function glide(node, dx, dy) {
  node.classList.add("df-moving");
  node.style.transition = "none";
  node.style.transform = `translate(${dx}px, ${dy}px)`;
  node.getBoundingClientRect();  // start from the old place
  requestAnimationFrame(() => {
    node.style.transition = `transform ${GLIDE_MS}ms ease-out`;
    node.style.transform = "";
  });
  const done = () => { node.classList.remove("df-moving"); node.style.transition = ""; node.style.transform = ""; };
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
      for (const [id, at] of after) {
        const was = before.get(id);
        if (!was || (Math.abs(was.x - at.x) < 1 && Math.abs(was.y - at.y) < 1)) continue;
        const node = board.querySelector(`svg [data-piece="${CSS.escape(id)}"]`);
        if (!node || node.hasAttribute("transform")) continue;  // a transform of its own: leave it be
        glide(node, was.x - at.x, was.y - at.y);
        moved.push(id);
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
