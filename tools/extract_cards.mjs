// Extract the CC0 playing-card SVGs of the npm package @letele/playing-cards
// (React components) into plain .svg files for the web app.
//
// Usage (once, by a developer; nothing runs it at build or test time):
//   cd "$(mktemp -d)" && npm pack @letele/playing-cards && tar xzf letele-playing-cards-*.tgz
//   node /path/to/tools/extract_cards.mjs package/dist/index.esm.js src/russianbank/web/static/cards
// Then copy package/LICENSE next to the SVGs as LICENSE-cards.txt.
//
// Output names: "<rank><suit>.svg" in the project's card letters (A 2-9 T J Q K,
// suits C D H S), and "back1.svg"/"back2.svg" for the two backs.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const [src, outDir] = process.argv.slice(2);
if (!src || !outDir) {
  console.error("usage: node extract_cards.mjs <index.esm.js> <output dir>");
  process.exit(2);
}

const ATTR = {
  className: "class",
  xlinkHref: "xlink:href",
  xmlnsXlink: "xmlns:xlink",
};
function attrName(k) {
  if (ATTR[k]) return ATTR[k];
  if (k === "viewBox" || k === "preserveAspectRatio" || k === "patternUnits") return k;
  return k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}
function esc(v) {
  return String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
const React = {
  createElement(tag, props, ...children) {
    const attrs = Object.entries(props || {})
      .filter(([k, v]) => v !== undefined && v !== null && k !== "title" && k !== "titleId" && !k.startsWith("aria"))
      .map(([k, v]) => ` ${attrName(k)}="${esc(v)}"`)
      .join("");
    const inner = children.flat().filter((c) => c !== null && c !== undefined && c !== false).join("");
    return `<${tag}${attrs}${inner ? `>${inner}</${tag}>` : "/>"}`;
  },
};

let code = readFileSync(src, "utf8");
code = code.replace(/^import .*$/gm, "");
const exp = code.match(/export \{([^}]*)\};?/);
code = code.replace(/export \{[^}]*\};?/, "");
const pairs = exp[1].split(",").map((s) => s.trim().split(/\s+as\s+/));
const body = `${code}\nreturn {${pairs.map(([a, b]) => `${JSON.stringify(b)}: ${a}`).join(",")}};`;
const comps = new Function("React", "_extends", body)(React, Object.assign);

mkdirSync(outDir, { recursive: true });
const RANKS = { a: "A", j: "J", q: "Q", k: "K", 10: "T" };
let n = 0;
for (const [name, comp] of Object.entries(comps)) {
  let out;
  if (name === "B1" || name === "B2") out = "back" + name[1];
  else if (name[0] === "J") continue; // jokers: not used in Russian Bank
  else {
    const suit = name[0];
    const r = name.slice(1).toLowerCase();
    out = (RANKS[r] || r) + suit;
  }
  let svg = comp({});
  if (!svg.includes('xmlns="')) svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"');
  writeFileSync(join(outDir, out + ".svg"), svg + "\n");
  n++;
}
console.log(`wrote ${n} SVG files to ${outDir}`);
