// Dicefront browser client: one generic, framework-free module for every game.
// The server sends the board as SVG, the legal actions with the ids a person clicks
// (their "path"), the events and the dice; nothing here knows any particular game.

import { BoardPatcher } from "./boardpatch.js";
import { cardPlays, choiceContent, showHand } from "./cards.js";
import { watchBoard } from "./motion.js";
import { diceSound, soundToggle, turnSound } from "./sound.js";
import { bindNameInput, moverTag, playersCard, receiveSocial, replayPlayers, socialState, who, withName } from "./social.js";
import { el } from "./dom.js";

const $ = (sel, root = document) => root.querySelector(sel);
const uploads = {}; // lobby: uploaded data files' text by option name
const store = {
  get(key, fallback) { try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; } },
  set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ } },
};
const api = async (path, opts = {}) => {
  const res = await fetch(path, { headers: { "content-type": "application/json" }, ...opts });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail ?? res.statusText));
  return data;
};
const pct = (p) => (p * 100 >= 10 || p === 0 ? (p * 100).toFixed(0) : (p * 100).toFixed(1)) + "%";

// ----- dice ------------------------------------------------------------------------------
const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };
// A die: pips on a six-sided die, otherwise its number on a tile labelled with its
// kind ("d10"), so a 9 on a d10 never looks like a six-sided die.
function die(value, sides, rolling) {
  const kind = `d${sides}`;
  const d = el("div", { class: `die ${kind}` + (rolling ? " rolling" : ""), title: `${value} on a ${kind}`, "data-value": value, "data-sides": sides });
  const pips = sides === 6 ? PIPS[value] : null;
  if (!pips) d.append(el("span", { class: "die-num" }, String(value)), el("span", { class: "die-kind" }, kind));
  else for (let i = 1; i <= 9; i++) d.append(el("span", { class: pips.includes(i) ? "pip on" : "pip" }));
  return d;
}
// The dice box: every roll given, newest first, each with the sentence saying whose
// roll it was and what it decided.
function showRolls(tray, rolls, animate) {
  if (!rolls.length) { tray.replaceChildren(el("span", { class: "muted" }, "No dice this step.")); return; }
  tray.replaceChildren(...[...rolls].reverse().map((r, i) => el("div", { class: "dice-group" + (i ? " older" : "") },
    el("div", { class: "dice-row" }, r.dice.map((v, k) => die(v, r.sides?.[k] ?? 6, animate && i === 0))),
    el("div", { class: "dice-says" }, r.text))));
}

// ----- selection by clicking: narrowing the legal actions by their paths ---------------------
const startsWith = (path, prefix) => prefix.every((id, i) => path[i] === id);
const same = (a, b) => a.length === b.length && startsWith(a, b);

class Picker {
  constructor(onAct, onHover) { this.actions = []; this.sel = []; this.onAct = onAct; this.onHover = onHover; }
  set(actions) {
    this.actions = actions;
    if (!this.actions.some((a) => startsWith(a.path, this.sel) && a.path.length >= this.sel.length)) this.sel = [];
  }
  longer() { return this.actions.filter((a) => a.path.length > this.sel.length && startsWith(a.path, this.sel)); }
  complete() { return this.sel.length ? this.actions.filter((a) => same(a.path, this.sel)) : []; }
  buttons() { return this.actions.filter((a) => a.path.length === 0); }
  nextIds() { return new Set(this.longer().map((a) => a.path[this.sel.length])); }
  // What clicking element `id` would do now: null (nothing), an action, or "narrow".
  wouldDo(id) {
    const sel = [...this.sel, id];
    const longer = this.actions.filter((a) => a.path.length > sel.length && startsWith(a.path, sel));
    const done = this.actions.filter((a) => same(a.path, sel));
    if (done.length === 1 && !longer.length) return done[0];
    return done.length || longer.length ? "narrow" : null;
  }
  click(id) {
    if (this.sel.length && this.sel[this.sel.length - 1] === id) { this.sel.pop(); return true; }
    let result = this.wouldDo(id);
    if (result === null && this.sel.length) { this.sel = []; result = this.wouldDo(id); }
    if (result === null) return false;
    if (result === "narrow") { this.sel.push(id); return true; }
    this.sel = [];
    this.onAct(result.text);
    return true;
  }
}

function highlight(board, picker, last) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".df-hl, .df-sel").forEach((n) => n.classList.remove("df-hl", "df-sel"));
  svg.querySelector("#df-overlay")?.remove();
  const layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
  layer.setAttribute("id", "df-overlay");
  layer.setAttribute("pointer-events", "none");
  svg.append(layer);
  const mark = (id, cls) => {
    const node = svg.querySelector(`#${CSS.escape(id)}`);
    if (!node) return;
    node.classList.add(cls);
    box(svg, node, layer, cls + "-box");
  };
  (last || []).forEach((id) => { const node = svg.querySelector(`#${CSS.escape(id)}`); if (node) box(svg, node, layer, "df-last-box"); });
  picker.sel.forEach((id) => mark(id, "df-sel"));
  picker.nextIds().forEach((id) => mark(id, "df-hl"));
  focusable(svg, picker);
  svg.classList.toggle("df-picking", picker.sel.length > 0);
}

// Keyboard play: what may be clicked now can be reached with Tab and pressed with
// Enter or Space; its name is its tooltip (or its id).
function focusable(svg, picker) {
  const live = new Set([...picker.sel, ...picker.nextIds()]);
  svg.querySelectorAll("[tabindex]").forEach((n) => { if (!live.has(n.id)) { n.removeAttribute("tabindex"); n.removeAttribute("role"); } });
  for (const id of live) {
    const node = svg.querySelector(`#${CSS.escape(id)}`);
    if (!node) continue;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", node.querySelector("title")?.textContent || id);
    node.setAttribute("aria-pressed", picker.sel.includes(id) ? "true" : "false");
  }
}

function box(svg, node, layer, cls) {
  let b;
  try { b = node.getBBox(); } catch { return; }
  const m = svg.getScreenCTM()?.inverse().multiply(node.getScreenCTM());
  if (!m || (!b.width && !b.height)) return;
  const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
    .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  const x = Math.min(...xs), y = Math.min(...ys);
  Object.entries({ x: x + 2, y: y + 2, width: Math.max(...xs) - x - 4, height: Math.max(...ys) - y - 4, rx: 7, class: cls })
    .forEach(([k, v]) => r.setAttribute(k, v));
  layer.append(r);
}

// ----- the game page ---------------------------------------------------------------------------
function gamePage() {
  const gameId = location.pathname.split("/").pop();
  const hash = new URLSearchParams(location.hash.slice(1));
  const saved = store.get("dicefront.games", {});
  const token = hash.get("token") || "";
  if (token && !saved[gameId]) { saved[gameId] = { token, at: Date.now() }; store.set("dicefront.games", saved); }
  const board = $("#board"), log = $("#log"), tray = $("#dice"), oddsBox = $("#odds");
  const S = { msg: null, ws: null, retry: 0, odds: new Map(), hover: "", rolls: [], movedSince: true, listed: 0, viewing: null, soc: socialState(), rematch: null, card: null, askedMoves: false };
  const send = (m) => { if (S.ws?.readyState === 1) S.ws.send(JSON.stringify(m)); else toast("Not connected yet; trying again…"); };
  const picker = new Picker((text) => act(text), null);
  const still = watchBoard(board);  // pieces glide between squares (motion.js)
  window.dicefront = { state: () => S.msg, picker, send, receive: (m) => receive(m) };

  function act(text) {
    send({ type: "act", action: text });
    board.classList.add("df-busy");
    oddsBox.hidden = true;
  }
  function connect() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${gameId}`);
    S.ws = ws;
    ws.onopen = () => { S.retry = 0; ws.send(JSON.stringify(withName({ type: "hello", token }))); setConn(true); };
    ws.onmessage = (e) => receive(JSON.parse(e.data));
    ws.onclose = (e) => {
      setConn(false);
      if (e.code === 4403 || e.code === 4404) return;
      S.retry = Math.min(S.retry + 1, 6);
      setTimeout(connect, 250 * 2 ** S.retry);
    };
  }
  function setConn(on) {
    const c = $("#conn");
    c.className = "conn " + (on ? "on" : "off");
    c.textContent = on ? "connected" : "reconnecting…";
  }
  const boards = new BoardPatcher();
  function receive(m) {
    if (m.type === "state" && !boards.take(m)) send({ type: "sync" });  // a patch for another board: ask for the whole
    else if (m.type === "state") render(m);
    else if (m.type === "moves") moveList(m);
    else if (m.type === "frame") showFrame(m);
    else if (m.type === "rematch") {
      S.rematch = m.url;
      toast("A rematch is ready: same settings, seats swapped.");
      if (S.msg) banner(S.msg);
    }
    else if (receiveSocial(m, S, S.soc, toast, () => players(S.msg))) { /* offers, presence, the idle rule: social.js */ }
    else if (m.type === "error") { toast(m.message, true); board.classList.remove("df-busy"); }
    else if (m.type === "odds") {
      if (m.busy) {  // the server is computing other odds: ask again while this is still pointed at
        S.odds.delete(`${m.step}|${m.action}`);
        setTimeout(() => { if (S.hover.split("\n").includes(m.action) && S.msg?.step === m.step) hoverActions(S.hover.split("\n")); }, 400);
      } else S.odds.set(`${m.step}|${m.action}`, m);
      if (S.hover.split("\n").includes(m.action)) showOdds();
    }
  }
  function render(m) {
    const first = !S.msg;
    S.msg = m;
    const mine = m.seat !== null && m.seat !== undefined && m.actors.includes(m.seat) && !m.terminal;
    document.title = (mine ? "● Your turn · " : "") + `${m.title}: Dicefront`;
    turnSound(mine, first);
    if (m.legend) legend(m.legend);
    $("#title").textContent = m.title;
    $("#rules-link").href = `/rules/${m.game}`;
    board.classList.remove("df-busy");
    if (m.full) askMoves();
    else if (m.moves && m.moves[0]?.n === S.listed + 1) m.moves.forEach((mv) => addMove(mv, true));  // a move and its dice
    else if (m.step === S.listed + 1) addMove({ n: m.step, events: m.events, by: m.by }, true);
    else if (m.step > S.listed && !S.askedMoves) askMoves();  // the answer on its way lists this update too
    if (S.viewing !== null) { reviewBar(); return; }  // looking at an earlier move: the live board waits
    board.innerHTML = m.svg;
    dice(m, first);
    S.card = null;
    picker.set(boardActions(m));
    refresh();
    banner(m);
    players(m);
    invite(m);
    allActions(m);
    oddsBox.hidden = true;
  }
  // The numbered move list: one entry per update this seat heard of (the server's
  // "moves" answer after a greeting, then one per update); a click shows the board
  // after that move, read-only, until "Back to live".
  // The whole list is asked for once per greeting, and again only for a gap found with
  // no answer on its way (the server answers after the updates it has already sent).
  function askMoves() { S.askedMoves = true; send({ type: "moves" }); }
  function moveList(m) {
    S.askedMoves = false;
    log.replaceChildren();
    S.listed = 0;
    for (const mv of m.moves) addMove(mv, false);
  }
  function addMove(mv, fresh) {
    S.listed = mv.n;
    const texts = mv.events.length ? mv.events.map((e) => e.text) : ["(nothing you may see)"];
    const item = el("li", { class: "move" + (fresh ? " fresh" : ""), "data-step": mv.n, value: mv.n, tabindex: 0, role: "button",
      title: "Show the board after this move", onclick: () => review(mv.n),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); review(mv.n); } } },
    mv.events.length ? moverTag(S.msg, mv.by) : null, ...texts.map((t, i) => el("span", { class: `ev ev-${mv.events[i]?.kind ?? "none"}` }, t)));
    log.append(item);
    log.scrollTop = log.scrollHeight;
  }
  function review(n) { send({ type: "frame", step: n }); }
  function showFrame(f) {
    S.viewing = f.step;
    board.innerHTML = f.svg;
    board.classList.add("df-review");
    picker.set([]);
    $("#choices").replaceChildren();
    $("#hand").hidden = true;
    showRolls(tray, f.rolls, false);
    log.querySelectorAll("li").forEach((li) => li.classList.toggle("current", Number(li.dataset.step) === f.step));
    reviewBar(f.status);
  }
  function reviewBar(status) {
    const b = $("#banner");
    const behind = S.msg ? S.msg.step - S.viewing : 0;
    b.className = "banner review";
    b.replaceChildren(el("strong", {}, `Move ${S.viewing} of ${S.msg?.step ?? S.viewing}` + (behind ? "" : " (the latest)")),
      el("span", { class: "status" }, status ?? b.querySelector(".status")?.textContent ?? ""),
      el("button", { type: "button", id: "back-to-live", onclick: backToLive }, "Back to live"));
  }
  function backToLive() {
    S.viewing = null;
    still();
    board.classList.remove("df-review");
    log.querySelectorAll("li.current").forEach((li) => li.classList.remove("current"));
    if (S.msg) render({ ...S.msg, full: false, events: [], rolls: [], step: S.msg.step, replayed: true });
  }
  // Rolls pile up while the dice decide one thing after another (a fight's attack,
  // defence and damage); the first roll after a player's move starts a new pile.
  function dice(m, first) {
    if (m.full) S.rolls = m.rolls.slice(-1);
    else if (m.rolls.length) S.rolls = [...(S.movedSince ? [] : S.rolls), ...m.rolls].slice(-6);
    S.movedSince = m.full || (!m.rolls.length && m.events.length > 0) ? true : m.rolls.length ? false : S.movedSince;
    if (m.full ? S.rolls.length : m.rolls.length) showRolls(tray, S.rolls, !m.full && !first);
    if (!m.full && !first && m.rolls.length) diceSound();
  }
  // What the board offers while no card is chosen: with a hand shown, a card is played
  // from the hand only, so a click on an enemy piece never spends an Airstrike on it.
  const boardActions = (m) => (m.hand ? m.actions.filter((a) => !a.card) : m.actions);
  // Clicking a card in hand: play it, or (when it needs a target or has several
  // plays) keep only its plays, so the board highlights where it may go.
  function playCard(id) {
    if (!S.msg) return;
    const plays = cardPlays(S.msg.actions, id);
    if (S.card === id || !plays.length) { S.card = null; picker.set(boardActions(S.msg)); }
    else if (plays.length === 1 && !plays[0].path.length) { act(plays[0].text); return; }
    else { S.card = id; picker.sel = []; picker.set(plays); }
    refresh();
  }
  function refresh() {
    highlight(board, picker, S.msg?.last);
    showHand($("#hand"), S.msg?.hand, S.msg?.actions ?? [], S.msg?.seat, playCard, S.card);
    const choices = $("#choices");
    const buttons = picker.sel.length ? picker.complete() : picker.buttons();
    choices.replaceChildren(...[
      ...buttons.map((a) => el("button", {
        type: "button", class: "action" + (a.preview ? " with-preview" : ""), "data-action": a.text,
        title: [a.label ? a.text : "", a.note ?? ""].filter(Boolean).join(": ") || undefined,
        onclick: () => act(a.text), onmouseenter: () => hoverAction(a.text), onmouseleave: () => hoverAction(null),
      }, ...choiceContent(a))),
      picker.sel.length || S.card ? el("button", { type: "button", class: "ghost", onclick: () => { picker.sel = []; if (S.card) playCard(S.card); else refresh(); } }, "Cancel") : null,
    ].filter(Boolean));
  }
  function banner(m) {
    const b = $("#banner");
    const you = m.seat;
    let text, cls;
    if (m.terminal) {
      const w = m.result.winner;
      cls = "over";
      text = you === null || you === undefined ? m.result.text : w === null ? (m.result.ending ? m.result.text : "Draw") : w === you ? "You win!" : "You lose";
      if (text !== m.result.text) text += ` · ${m.result.text}`;
      if (you !== null && you !== undefined && w !== null && w !== you) cls += " lost";
    } else if (you !== null && m.actors.includes(you)) {
      cls = "yours"; text = m.actors.length > 1 ? "Your orders: both sides choose at once" : "Your turn";
    } else if (m.waiting) {
      cls = "waiting"; text = "Submitted: waiting for the other side";
    } else if (!m.actors.length) {
      cls = "dice"; text = m.chance === "draw" ? "Drawing a card…" : "Rolling the dice…";
    } else {
      const other = m.players[m.actors[0]];
      cls = "waiting";
      text = you === null || you === undefined ? "Watching"
        : other?.kind === "computer" ? `${who(other)} (computer) is thinking…` : `Waiting for ${who(other)}`;
    }
    b.className = "banner " + cls;
    const status = m.terminal && (m.result.ending || m.status === m.result.text || text.includes(m.status)) ? "" : m.status;
    b.replaceChildren(el("strong", {}, text), el("span", { class: "status" }, status));
    if (m.terminal) b.append(el("a", { class: "button", href: `/replay/${m.game_id}` }, "Watch the replay"));
    if (m.terminal && S.rematch) b.append(el("a", { class: "button", id: "rematch-link", href: S.rematch }, "Play the rematch"));
    else if (m.terminal && m.seat !== null && m.seat !== undefined)
      b.append(el("button", { type: "button", id: "rematch", onclick: () => send({ type: "rematch" }), title: "Same settings, seats swapped" }, "Rematch"));
  }
  function players(m) { $("#players").replaceChildren(...playersCard(m, S.soc, send)); }
  function invite(m) {
    const inv = store.get("dicefront.invites", {})[gameId];
    const other = m.seat === null ? null : m.players[1 - m.seat];
    const show = Boolean(inv && other && other.kind === "human" && !other.joined && !m.terminal);
    $("#invite-box").hidden = !show;
    if (show) $("#invite-box input").value = new URL(inv, location.href).href;
  }
  function legend(items) {
    const box = $("#legend");
    box.hidden = !items.length;
    $("#legend-items").replaceChildren(...items.flatMap(([mark, meaning]) => [el("dt", {}, mark), el("dd", {}, meaning)]));
  }
  function allActions(m) {
    $("#notation").hidden = m.seat === null;
    $("#all-actions").replaceChildren(...m.actions.map((a) => el("li", {}, el("code", {}, a.text), a.label ? el("span", { class: "muted" }, ` ${a.label}`) : null,
      a.note ? el("span", { class: "muted" }, ` (${a.note})`) : null)));
  }
  // The odds of the actions a hover points at: one action, or the few actions that
  // end on the hovered piece (an enemy every one of your pieces next to it may attack).
  function hoverAction(text) { hoverActions(text ? [text] : []); }
  function hoverActions(texts) {
    S.hover = texts.join("\n");
    if (!texts.length || !S.msg) { oddsBox.hidden = true; return; }
    for (const text of texts) {
      const key = `${S.msg.step}|${text}`;
      const noted = S.msg.actions.some((a) => a.text === text && a.note);
      if (!noted && !S.odds.has(key)) { S.odds.set(key, { pending: true }); send({ type: "odds", action: text }); }
    }
    showOdds();
  }
  // An action the game notes (it surely does something else than roll: an attack a
  // card cancels) shows its note; any other shows its odds once they are in, a single
  // sure outcome too (dice that cannot change the result: an attack with Napalm).
  function showOdds() {
    const texts = S.hover ? S.hover.split("\n") : [];
    const parts = texts.flatMap((t) => {
      const note = S.msg?.actions.find((a) => a.text === t)?.note;
      if (note) return [el("h3", {}, label(t)), el("p", { class: "odds-note" }, note)];
      const m = S.odds.get(`${S.msg?.step}|${t}`);
      if (!m || m.pending || !m.odds || !m.odds.length) return [];
      return [el("h3", {}, `Odds: ${label(m.action)}`), ...m.odds.map((o) => el("div", { class: "odds-row" },
        el("span", { class: "odds-label" }, o.label),
        el("span", { class: "odds-bar" }, el("span", { style: `width:${(o.p * 100).toFixed(1)}%` })),
        el("span", { class: "odds-p", title: o.fraction }, pct(o.p))))];
    });
    oddsBox.hidden = !parts.length;
    oddsBox.replaceChildren(...parts);
  }
  function label(text) { return S.msg?.actions.find((a) => a.text === text)?.label ?? text; }
  function pointedAt(id) {
    if (id === undefined) return [];
    const what = picker.wouldDo(id);
    if (what && what !== "narrow") return [what.text];
    return picker.longer().filter((a) => a.path[a.path.length - 1] === id && a.path.length === picker.sel.length + 2).slice(0, 4).map((a) => a.text);
  }

  // Every clickable element under the pointer, topmost first: a piece standing on a
  // highlighted square must not hide the square (clicking it sends the move there).
  const targetsAt = (e) => {
    const ids = [];
    for (const n of document.elementsFromPoint(e.clientX, e.clientY)) {
      const t = n.closest(".df-target");
      if (t && board.contains(t) && t.id && !ids.includes(t.id)) ids.push(t.id);
    }
    return ids;
  };
  const aimed = (ids) => (ids[0] !== undefined && ids[0] === picker.sel[picker.sel.length - 1] ? ids[0]
    : ids.find((id) => picker.wouldDo(id) !== null) ?? ids[0]);
  board.addEventListener("click", (e) => {
    const id = aimed(targetsAt(e));
    if (id === undefined || !S.msg || !S.msg.actions.length) return;
    if (!picker.click(id)) toast("Nothing to do there: the highlighted pieces can act.");
    refresh();
  });
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const t = e.target.closest?.(".df-target");
    if (!t || !board.contains(t) || !S.msg || !S.msg.actions.length) return;
    e.preventDefault();
    if (!picker.click(t.id)) toast("Nothing to do there: the highlighted pieces can act.");
    refresh();
    const next = [...picker.nextIds()][0];  // carry on from the keyboard: the first next choice
    if (picker.sel.length && next) board.querySelector(`#${CSS.escape(next)}`)?.focus();
  });
  board.addEventListener("focusin", (e) => {
    const t = e.target.closest?.(".df-target");
    const texts = t ? pointedAt(t.id) : [];
    if (texts.join("\n") !== S.hover) hoverActions(texts);
  });
  board.addEventListener("mousemove", (e) => {
    const texts = pointedAt(aimed(targetsAt(e)));
    if (texts.join("\n") !== S.hover) hoverActions(texts);
  });
  board.addEventListener("mouseleave", () => hoverAction(null));
  $("#notation").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("#notation-input");
    if (input.value.trim()) act(input.value.trim());
    input.value = "";
  });
  $("#copy-invite").addEventListener("click", () => copy($("#invite-box input")));
  soundToggle($("#sound-toggle"));
  connect();
}

function copy(input) {
  input.select();
  navigator.clipboard?.writeText(input.value).then(() => toast("Link copied"), () => document.execCommand("copy"));
}

function toast(text, bad) {
  const box = $("#toasts") || document.body.appendChild(el("div", { id: "toasts", class: "toasts" }));
  const t = el("div", { class: "toast" + (bad ? " bad" : "") }, text);
  box.append(t);
  setTimeout(() => t.remove(), bad ? 6000 : 3000);
}

// ----- the lobby -------------------------------------------------------------------------------
async function lobbyPage() {
  bindNameInput($("#player-name"));  // before the wait below: a name typed meanwhile is kept at once
  const types = await api("/api/game-types");
  const picker = $("#game-picker");
  let chosen = types.games[0]?.name;
  const draw = () => {
    picker.replaceChildren(...types.games.map((g) => el("label", { class: "game-choice" + (g.name === chosen ? " chosen" : "") },
      el("input", { type: "radio", name: "game", value: g.name, checked: g.name === chosen, onchange: () => { chosen = g.name; draw(); } }),
      el("strong", {}, g.title),
      el("span", { class: "flags" }, [g.has_chance && "dice", g.hidden_information && "hidden info", g.simultaneous && "simultaneous"].filter(Boolean).join(" · ")),
      el("span", { class: "summary" }, g.summary, " ", el("a", { class: "rules-link", href: `/rules/${g.name}`, target: "_blank" }, "Rules")))));
    options(types.games.find((g) => g.name === chosen));
  };
  $("#opponent").replaceChildren(...types.opponents.map((o) => el("option", { value: o.value }, o.label)));
  if (types.opponents.length > 1) $("#opponent").value = types.opponents[1].value;
  draw();

  $("#new-game").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("#create-error").textContent = "";
    const spec = types.games.find((g) => g.name === chosen);
    const opts = {};
    for (const o of spec.options) {
      const input = $(`#opt-${o.name}`);
      const value = o.type === "bool" ? input.checked : input.value;
      if (String(value) !== String(o.default)) opts[o.name] = value;
    }
    const seat = $("#seat").value;
    try {
      const made = await api("/api/games", { method: "POST", body: JSON.stringify(withName({ game: chosen, options: opts, data_files: { ...uploads }, opponent: $("#opponent").value, seat: seat === "random" ? "random" : Number(seat) })) });
      const games = store.get("dicefront.games", {});
      games[made.id] = { token: made.token, at: Date.now() };
      store.set("dicefront.games", games);
      if (made.invite) {
        const invites = store.get("dicefront.invites", {});
        invites[made.id] = made.invite;
        store.set("dicefront.invites", invites);
        $("#invite").hidden = false;
        $("#invite-link").value = new URL(made.invite, location.href).href;
        $("#go-game").href = made.url;
        $("#invite").scrollIntoView({ behavior: "smooth", block: "center" });
        refreshLists();
      } else location.href = made.url;
    } catch (err) { $("#create-error").textContent = err.message; }
  });
  $("#copy-invite").addEventListener("click", () => copy($("#invite-link")));
  refreshLists();
  setInterval(refreshLists, 5000);
}

function options(spec) {
  for (const k of Object.keys(uploads)) delete uploads[k];
  const box = $("#options");
  box.replaceChildren(...spec.options.map((o) => {
    let input;
    if (o.type === "bool") input = el("input", { type: "checkbox", id: `opt-${o.name}`, checked: o.default });
    else if (o.choices) input = el("select", { id: `opt-${o.name}` }, o.choices.map((c) => el("option", { value: c, selected: c === o.default }, String(c))));
    else if (o.data_file) input = dataInput(o);
    else input = el("input", { id: `opt-${o.name}`, type: o.type === "str" ? "text" : "number", value: o.default, min: o.min ?? undefined, max: o.max ?? undefined, step: o.type === "float" ? "any" : undefined });
    return el("label", { class: "option" + (o.type === "bool" ? " inline" : "") }, el("span", { class: "opt-name" }, o.name.replaceAll("_", " ")), input, el("small", { class: "help" }, o.help));
  }));
  $("#options-count").textContent = `(${spec.options.length})`;
}

// A data-file option: a shipped name (suggested from the list) or a designer's .toml
// file, whose text is sent as data_files[option]; the server never reads a path.
function dataInput(o) {
  const text = el("input", { id: `opt-${o.name}`, type: "text", value: o.default, list: `shipped-${o.name}` });
  const list = el("datalist", { id: `shipped-${o.name}` }, (o.shipped || []).map((n) => el("option", { value: n })));
  const file = el("input", { type: "file", accept: ".toml,text/plain", title: "or upload your own .toml file",
    onchange: async () => {
      const chosen = file.files[0];
      if (!chosen) { delete uploads[o.name]; return; }
      uploads[o.name] = await chosen.text();
      text.value = chosen.name;
    } });
  return el("span", { class: "data-file" }, text, list, file);
}

async function refreshLists() {
  let lists;
  try { lists = await api("/api/games"); } catch { return; }
  const mine = store.get("dicefront.games", {});
  const all = [...lists.open, ...lists.live, ...lists.finished];
  const row = (g, link) => el("li", { class: "game-row" },
    el("span", { class: "gtitle" }, g.title),
    el("span", { class: "gwho" }, g.players.map((p) => (p.kind === "computer" ? `${p.agent} (AI)` : p.joined ? p.person ?? "person" : "open seat")).join(" vs ")),
    el("span", { class: "gstatus muted", title: g.finished ? g.result.text : g.status }, g.finished ? g.result.text : g.status),
    link);
  const fill = (id, items, make) => $(id).replaceChildren(...(items.length ? items.map(make) : [el("li", { class: "muted empty" }, "None right now.")]));
  fill("#list-mine", all.filter((g) => mine[g.id]), (g) => row(g, el("a", { class: "button", href: g.finished ? `/replay/${g.id}` : `/game/${g.id}#token=${mine[g.id].token}` }, g.finished ? "Replay" : "Resume")));
  fill("#list-open", lists.open.filter((g) => !mine[g.id]), (g) => row(g, el("button", { type: "button", onclick: () => join(g.id) }, "Join")));
  fill("#list-live", lists.live, (g) => row(g, el("a", { class: "button ghost", href: `/game/${g.id}` }, "Watch")));
  fill("#list-finished", lists.finished, (g) => row(g, el("a", { class: "button ghost", href: `/replay/${g.id}` }, "Replay")));
}

async function join(id) {
  try {
    const j = await api(`/api/games/${id}/join`, { method: "POST", body: JSON.stringify(withName({})) });
    const games = store.get("dicefront.games", {});
    games[id] = { token: j.token, at: Date.now() };
    store.set("dicefront.games", games);
    location.href = j.url;
  } catch (err) { toast(err.message, true); refreshLists(); }
}

// Bring `item` into view inside the scrolling box `box` only: scrollIntoView would
// also scroll the page (on a phone, away from the board to the log below it).
function scrollWithin(box, item) {
  if (!item) return;
  const d = item.getBoundingClientRect().top - box.getBoundingClientRect().top;
  if (d < 0) box.scrollTop += d;
  else if (d + item.offsetHeight > box.clientHeight) box.scrollTop += d + item.offsetHeight - box.clientHeight;
}

// ----- the replay page ---------------------------------------------------------------------------
async function replayPage() {
  const gameId = location.pathname.split("/").pop();
  const info = await api(`/api/games/${gameId}/replay`);
  let step = 0, timer = null;
  $("#title").textContent = `${info.title}: replay`;
  $("#slider").max = info.length;
  $("#players").replaceChildren(...replayPlayers(info));
  const log = $("#log");
  log.replaceChildren(...info.log.flatMap((s) => s.events.map((e) => el("li", { class: `ev ev-${e.kind}`, "data-step": s.step, onclick: () => go(s.step) }, e.text))));
  async function go(n) {
    const want = step = Math.max(0, Math.min(info.length, n));
    const f = await api(`/api/games/${gameId}/replay/${want}`);
    if (want !== step) return;  // a later key press chose another step while this one loaded
    $("#board").innerHTML = f.svg;
    $("#slider").value = step;
    $("#step-label").textContent = `step ${step} of ${info.length}`;
    const b = $("#banner");
    b.className = "banner " + (step === info.length ? "over" : "waiting");
    const head = step === info.length ? info.result.text : `Step ${step}`;
    b.replaceChildren(el("strong", {}, head), el("span", { class: "status" }, f.status === head ? "" : f.status));
    showRolls($("#dice"), f.rolls, true);
    log.querySelectorAll("li").forEach((li) => li.classList.toggle("current", Number(li.dataset.step) === step));
    const current = log.querySelectorAll("li.current");  // a step's events, the first one first
    scrollWithin(log, current[current.length - 1]);
    scrollWithin(log, current[0]);
  }
  const stop = () => { clearInterval(timer); timer = null; $("#play").textContent = "Play ▸"; };
  $("#first").onclick = () => { stop(); go(0); };
  $("#prev").onclick = () => { stop(); go(step - 1); };
  $("#next").onclick = () => { stop(); go(step + 1); };
  $("#last").onclick = () => { stop(); go(info.length); };
  $("#slider").oninput = (e) => { stop(); go(Number(e.target.value)); };
  $("#play").onclick = () => {
    if (timer) return stop();
    $("#play").textContent = "Pause";
    timer = setInterval(() => (step >= info.length ? stop() : go(step + 1)), 700);
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea") && e.target.type !== "range") return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: info.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stop();
    go(to);
  });
  window.dicefront = { go, step: () => step };
  go(0);
}

const pages = { lobby: lobbyPage, game: gamePage, replay: replayPage };
pages[document.body.dataset.page]?.();
