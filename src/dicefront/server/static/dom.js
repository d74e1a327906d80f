// The client's one element builder: el("div", {class: "x", onclick: f, hidden: true}, child, "text").
// Attributes starting with "on" become listeners; true is an empty attribute; null, undefined and
// false leave the attribute out; children may be nested arrays, and null/undefined are skipped.
export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
};
