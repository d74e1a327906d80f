// Cards in hand and pictures on choice buttons: generic, like the rest of the client.
// The server sends `hand` ({cards: [{id, name, text}] | null, counts: [{seat, name,
// count}], deck}) built by the game from the seat's own view, so the other side's
// cards never reach this page; an action that plays a card names it (`card`).
import { el as node } from "./dom.js";

// The actions that play card `id`.
export const cardPlays = (actions, id) => actions.filter((a) => a.card === id);

// Draw the hands into `box`: the viewer's cards face up (a card that may be played
// now is a button), every other hand as a row of card backs with its count.
export function showHand(box, hand, actions, seat, onCard, chosen) {
  box.hidden = !hand;
  if (!hand) { box.replaceChildren(); return; }
  const mine = (hand.cards ?? []).map((c, i) => {
    const playable = cardPlays(actions, c.id).length > 0;
    return node("button", {
      type: "button", class: "play-card" + (playable ? " playable" : "") + (chosen === c.id ? " chosen" : ""),
      "data-card": c.id, "data-index": i, disabled: !playable,
      title: playable ? `Play ${c.name}` : `${c.name}: not playable now`,
      "aria-pressed": chosen === c.id ? "true" : "false",
      onclick: () => onCard(c.id),
    }, node("strong", { class: "card-name" }, c.name), node("span", { class: "card-text" }, c.text));
  });
  const others = hand.counts.filter((h) => h.seat !== seat).map((h) => node("div", { class: "hand-count", "data-seat": h.seat },
    node("span", { class: "card-backs", "aria-hidden": "true" }, ...Array.from({ length: Math.min(h.count, 8) }, () => node("span", { class: "card-back" }))),
    node("span", {}, `${h.name}: ${h.count} card${h.count === 1 ? "" : "s"} (hidden)`)));
  box.replaceChildren(
    node("h3", {}, hand.cards === null ? "Hands" : "Your hand", node("span", { class: "muted" }, ` · deck ${hand.deck}`)),
    ...(hand.cards === null ? [] : [node("div", { class: "hand-cards" }, mine.length ? mine : [node("span", { class: "muted" }, "No cards.")])]),
    ...others);
}

// A choice button's content: the game's small picture of what it chooses (a map)
// above its words, or just the words.
export function choiceContent(action) {
  const words = action.label ?? action.text;
  if (!action.preview) return [words];
  const pic = node("span", { class: "choice-preview", "aria-hidden": "true" });
  pic.innerHTML = action.preview;  // drawn by the server from the game's data
  return [pic, node("span", { class: "choice-words" }, words)];
}
