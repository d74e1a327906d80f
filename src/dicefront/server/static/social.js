// Dicefront: what players say to each other besides moves (issue 20): their names
// (kept in this browser, sent when making or joining a game and in the hello), the
// players card with resign / draw offer, accept or decline / claim the win from an
// idle opponent, and the ending line of a replay. Names are always shown as text.
import { el as make } from "./dom.js";

export const NAME_KEY = "dicefront.name";
export const MAX_NAME = 24;

export function playerName() {
  try { return (localStorage.getItem(NAME_KEY) || "").trim().slice(0, MAX_NAME); } catch { return ""; }
}

// The lobby's name field: remembered in localStorage as it is typed.
export function bindNameInput(input) {
  input.maxLength = MAX_NAME;
  const keep = () => {
    try { localStorage.setItem(NAME_KEY, input.value.trim()); } catch { /* private mode */ }
  };
  if (input.value.trim()) keep();  // typed before this script ran: keep it rather than overwrite it
  else input.value = playerName();
  input.addEventListener("input", keep);
}

// A request or hello body with the player's name added when one is set.
export function withName(body) {
  const name = playerName();
  return name ? { ...body, name } : body;
}

// "Ann (Green)" when the game names its sides, else just the player's name.
export function who(p) {
  if (!p) return "your opponent";
  const person = p.person ?? p.name;
  return p.name && !p.name.startsWith("Player ") && p.name !== person ? `${person} (${p.name})` : person;
}

// What the game page knows of offers and the idle rule, changed by server messages.
export function socialState() {
  return { drawFrom: null, declinedBy: null, idle: null, timer: null };
}

// Handles the social messages; true when the message was one of them.
export function receiveSocial(m, S, soc, toast, redraw) {
  if (m.type === "draw-offer") {
    soc.drawFrom = m.seat;
    soc.declinedBy = null;
    toast(m.seat === S.msg?.seat ? "You offered a draw." : `${who(S.msg?.players[m.seat])} offers a draw.`);
  } else if (m.type === "draw-declined") {
    soc.drawFrom = null;
    soc.declinedBy = m.seat;
    toast(m.seat === S.msg?.seat ? "You declined the draw." : `${who(S.msg?.players[m.seat])} declined your draw offer.`);
  } else if (m.type === "players") {
    if (m.idle) {  // the server's clock says when the claim opens; this page only counts down
      soc.idle = { seat: m.idle.seat, at: Date.now() + m.idle.claim_in * 1000 };
      clearTimeout(soc.timer);
      soc.timer = setTimeout(redraw, m.idle.claim_in * 1000 + 50);
    }
    if (S.msg) S.msg.players = m.players;
  } else return false;
  if (S.msg) redraw();
  return true;
}

// The players card of the game page.
export function playersCard(m, soc, send) {
  const seated = m.seat !== null && m.seat !== undefined;
  const rows = m.players.map((p) => make("div", { class: "player" + (m.actors.includes(p.seat) ? " to-act" : ""), "data-seat": p.seat },
    make("span", { class: `seat-dot seat-${p.seat}` }),
    make("span", { class: "pname", title: p.name }, p.person ?? p.name),
    p.name && !p.name.startsWith("Player ") ? make("span", { class: "tag side" }, p.name) : null,
    p.seat === m.seat ? make("span", { class: "tag you" }, "you") : null,
    make("span", { class: "tag" }, p.kind === "computer" ? `computer · ${p.agent}` : p.joined ? "person" : "not joined yet"),
    make("span", { class: "online " + (p.online ? "yes" : "no"), title: p.online ? "online" : "offline" })));
  const notes = [];
  if (!seated) notes.push(make("p", { class: "muted" }, "You are watching. Only public information is shown."));
  if (seated && !m.terminal) {
    const other = m.players[1 - m.seat];
    if (soc.declinedBy === 1 - m.seat) notes.push(make("p", { class: "muted", id: "draw-declined" }, `${who(other)} declined your draw offer.`));
    const idle = idleNote(m, soc, other, send);
    if (idle) notes.push(idle);
    notes.push(make("div", { class: "game-actions" }, resignButton(send), ...drawButtons(m, soc, other, send)));
  }
  return [make("h3", {}, "Players"), ...rows, ...notes];
}

function drawButtons(m, soc, other, send) {
  if (soc.drawFrom === 1 - m.seat) {
    return [make("button", { type: "button", id: "accept-draw", onclick: () => send({ type: "accept-draw" }) }, "Accept the draw"),
      make("button", { type: "button", class: "ghost", id: "decline-draw", onclick: () => send({ type: "decline-draw" }) }, "Decline")];
  }
  if (other?.kind !== "human") return [];
  const pending = soc.drawFrom === m.seat;
  return [make("button", { type: "button", class: "ghost", id: "offer-draw", disabled: pending, title: pending ? "Your offer stands" : undefined,
    onclick: () => send({ type: "offer-draw" }) }, pending ? "Draw offered" : "Offer a draw")];
}

// The idle rule: while the opponent is to move and away, a countdown, then the button.
function idleNote(m, soc, other, send) {
  if (!soc.idle || soc.idle.seat !== other?.seat || other.online || other.kind !== "human") return null;
  const left = Math.ceil((soc.idle.at - Date.now()) / 1000);
  if (!m.actors.includes(other.seat)) return make("p", { class: "muted" }, `${who(other)} is away.`);
  if (left > 0) return make("p", { class: "muted", id: "idle-wait" }, `${who(other)} is away: you may claim the win in ${Math.ceil(left / 60)} min.`);
  return make("div", { class: "claim" }, make("p", {}, `${who(other)} has been away too long.`),
    make("button", { type: "button", class: "primary", id: "claim-win", onclick: () => send({ type: "claim-win" }) }, "Claim the win"));
}

// Resigning takes two clicks: the first asks "Really resign?" for a few seconds.
function resignButton(send) {
  const button = make("button", { type: "button", class: "ghost", id: "resign" }, "Resign");
  button.onclick = () => {
    if (button.dataset.armed) { send({ type: "resign" }); return; }
    button.dataset.armed = "1";
    button.textContent = "Really resign? Click again";
    setTimeout(() => { delete button.dataset.armed; button.textContent = "Resign"; }, 4000);
  };
  return button;
}

// The move list's "who moved" mark (none for chance steps).
export function moverTag(m, by) {
  const p = by === null || by === undefined ? null : m?.players?.[by];
  return p ? make("span", { class: "mover" }, `${p.person ?? p.name}: `) : null;
}

// The replay page: players with their names, and how the game ended.
export function replayPlayers(info) {
  const rows = info.players.map((p) => make("div", { class: "player" },
    make("span", { class: `seat-dot seat-${p.seat}` }), make("span", { class: "pname" }, p.person ?? p.name),
    p.name && !p.name.startsWith("Player ") ? make("span", { class: "tag side" }, p.name) : null,
    make("span", { class: "tag" }, p.kind === "computer" ? `computer · ${p.agent}` : "person")));
  const ending = info.result?.ending ? make("p", { class: "ending", id: "ending" }, info.result.text) : null;
  return [make("h3", {}, "Players"), ...rows, ending].filter(Boolean);  // replaceChildren writes a null as "null"
}
