// The rule book's Markdown as DOM nodes: headings, paragraphs, lists, **bold**, `code`. Built
// node by node (never innerHTML), which is all the rules texts use.

import { h } from "./dom.js";

function inline(text) {
  const out = [];
  const re = /(\*\*([^*]+)\*\*|`([^`]+)`|\*([^*]+)\*)/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    if (m[2]) out.push(h("strong", {}, m[2]));
    else if (m[3]) out.push(h("code", {}, m[3]));
    else out.push(h("em", {}, m[4]));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

/** Nodes for a Markdown text; headings shift down by `shift` levels (h1 -> h2 inside a page). */
export function markdown(text, shift = 1) {
  const nodes = [];
  let para = [];
  let list = null;
  const flush = () => {
    if (para.length) nodes.push(h("p", {}, inline(para.join(" "))));
    para = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush(); list = null;
      nodes.push(h(`h${Math.min(6, heading[1].length + shift)}`, {}, inline(heading[2])));
    } else if (item) {
      flush();
      if (!list) { list = h("ul", {}); nodes.push(list); }
      list.append(h("li", {}, inline(item[1])));
    } else if (!line.trim()) {
      flush(); list = null;
    } else if (list && /^\s+/.test(raw)) {
      list.lastChild.append(" ", ...inline(line.trim()));
    } else {
      list = null;
      para.push(line.trim());
    }
  }
  flush();
  return nodes;
}
