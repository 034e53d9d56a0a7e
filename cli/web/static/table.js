// The table in the browser: draws what the server sends one seat, and sends back what that seat chooses.
// Every text shown comes from the ruleset or the server and is set as text (textContent), never as markup.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const INKS = {red: "#c62828", yellow: "#f9a825", green: "#2e7d32", blue: "#1565c0", black: "#212121",
              white: "#fafafa", magenta: "#ad1457", cyan: "#00838f"};
const LIGHT = new Set(["yellow", "white", "cyan"]);
const PICKER_MOST = 40;
const REFUSED_TOKEN = 4404;  // the server's close code for a link that opens no table  // moves listed at once; more are narrowed by pointing at more components

const token = location.pathname.split("/").pop();
let socket = null;
let table = null;      // the last table the server sent
let selected = [];     // components pointed at, in order
let retry = 500;       // ms before reconnecting; grows while the server is away

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// ---------------------------------------------------------------- components as pictures

function picture(component) {
  // A card (or a die's face) drawn from its attributes; null is a component face down, {back: "bag"} a bag.
  if (component && component.back === "bag") return bag();
  const die = component ? component.die : false;
  const w = die ? 56 : 52, h = die ? 56 : 78;
  const box = svg("svg", {width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: "component", role: "img"});
  const title = svg("title");
  box.appendChild(title);
  if (component === null) {
    title.textContent = "face down";
    box.setAttribute("aria-label", "face down");
    box.appendChild(svg("rect", {x: 2, y: 2, width: w - 4, height: h - 4, rx: 6, fill: "#37474f",
                                 class: "edge", stroke: "#eceff1", "stroke-width": 2}));
    box.appendChild(svg("rect", {x: 8, y: 8, width: w - 16, height: h - 16, rx: 4, fill: "none",
                                 stroke: "#90a4ae", "stroke-dasharray": "3 3"}));
    return box;
  }
  title.textContent = component.label;
  box.setAttribute("aria-label", component.label);
  box.dataset.cid = component.id;
  const ink = component.ink;
  const fill = ink ? INKS[ink] : "#212121";
  box.appendChild(svg("rect", {x: 2, y: 2, width: w - 4, height: h - 4, rx: die ? 10 : 6, fill: fill,
                               class: "edge", stroke: "#fff", "stroke-width": 2}));
  if (!die) {
    box.appendChild(svg("ellipse", {cx: w / 2, cy: h / 2, rx: w / 2 - 8, ry: h / 2 - 14, fill: "#fff",
                                    opacity: ink ? 0.9 : 0.15, transform: `rotate(-25 ${w / 2} ${h / 2})`}));
  }
  const glyph = component.glyph;
  const size = glyph.length <= 2 ? 24 : glyph.length <= 5 ? 13 : 9;
  const words = glyph.length > 5 ? glyph.split(" ") : [glyph];
  const text = svg("text", {x: w / 2, y: h / 2 - (words.length - 1) * size / 2 + size / 3, "text-anchor": "middle",
                            "font-size": size, "font-weight": "bold", "font-family": "system-ui, sans-serif",
                            fill: die || !ink ? (ink && LIGHT.has(ink) ? "#212121" : "#fff") : fill});
  words.forEach((word, i) => {
    const line = svg("tspan", {x: w / 2, dy: i ? size : 0});
    line.textContent = word;
    text.appendChild(line);
  });
  box.appendChild(text);
  return box;
}

function bag() {
  const box = svg("svg", {width: 56, height: 56, viewBox: "0 0 56 56", class: "component", role: "img",
                          "aria-label": "bag"});
  box.appendChild(svg("path", {d: "M16 14 Q28 4 40 14 L46 48 Q28 56 10 48 Z", fill: "#6d4c41", stroke: "#fff",
                               "stroke-width": 2}));
  box.appendChild(svg("path", {d: "M18 16 Q28 22 38 16", fill: "none", stroke: "#d7ccc8", "stroke-width": 2}));
  return box;
}

function cardsOf(cards, mine) {
  const row = el("div", {class: "cards"});
  for (const component of cards) {
    const pic = picture(component);
    if (component !== null && component.id !== undefined) {
      const id = component.id;
      pic.classList.add("clickable");
      if (mine.has(id)) pic.classList.add("playable");
      if (selected.includes(id)) pic.classList.add("selected");
      pic.setAttribute("tabindex", "0");  // reachable and playable from the keyboard too
      pic.addEventListener("click", () => point(id));
      pic.addEventListener("keydown", event => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); point(id); }
      });
    }
    row.appendChild(pic);
  }
  return row;
}

// ---------------------------------------------------------------- drawing the table

function tag(variable) {
  const node = el("span", {class: "tag"}, variable.text ? `${variable.label}: ${variable.text}` : variable.label);
  if (variable.ink) { node.classList.add("inked"); node.style.background = INKS[variable.ink]; }
  if (variable.ink && LIGHT.has(variable.ink)) node.style.color = "#212121";
  return node;
}

function zoneBox(zone, mine) {
  const box = el("div", {class: `zone ${zone.kind}`, "data-zone": zone.name, "data-visibility": zone.visibility});
  const head = el("h3", {}, zone.title);
  if (zone.description) head.title = zone.description;
  box.appendChild(head);
  box.appendChild(el("div", {class: "count"}, zone.count));
  if (zone.kind === "stack" || zone.kind === "bag") {  // face down: one back stands for all, the count says how many
    if (zone.size) box.appendChild(cardsOf([zone.kind === "bag" ? {back: "bag"} : null], mine));
  } else {
    box.appendChild(cardsOf(zone.cards, mine));
  }
  return box;
}

function draw() {
  const t = table;
  document.body.dataset.version = t.version;  // which table is drawn: for whoever checks the page
  document.title = `${t.title} · rulesrun`;
  document.getElementById("title").textContent = `${t.title} · round ${t.round}`;
  const me = t.viewer === null ? "spectator" : `P${t.viewer + 1}`;
  const turn = `Turn: P${t.current + 1}` + (t.phase ? ` · ${t.phase}` : "") + ` · play goes ${t.order}`;
  document.getElementById("turn").textContent = `You are ${me} · ${turn}`;
  const status = document.getElementById("status");
  const yours = t.moves.some(m => !m.claim);
  status.textContent = t.failure || (t.over ? "Game over" : yours ? "Your move" : t.moves.length ? "You may act" :
                                      `Waiting for P${t.current + 1}`);
  status.classList.toggle("yours", yours);

  const mine = new Set(t.moves.flatMap(m => m.components));
  const shared = document.getElementById("shared");
  shared.replaceChildren(...t.zones.filter(z => z.size || z.kind !== "row").map(z => zoneBox(z, mine)));
  document.getElementById("variables").replaceChildren(...t.variables.map(tag));

  const seats = document.getElementById("seats");
  seats.replaceChildren(...t.seats.map(s => seatBox(s, mine)));
  const over = document.getElementById("over");
  const last = t.rounds[t.rounds.length - 1];
  const scores = list => list.map((score, p) => `P${p + 1} ${score}`).join(" · ");
  if (t.over) {
    const names = t.winners.map(p => `P${p + 1}`).join(", ") || "no one";
    over.textContent = `Game over. Winner: ${names}. Scores: ${scores(t.seats.map(s => s.score))}`;
  } else if (last) {
    const winner = last.winner === null ? "no one" : `P${last.winner + 1}`;
    over.textContent = `Round ${t.rounds.length} went to ${winner}. Scores: ${scores(last.scores)}`;
  }
  over.hidden = !(t.over || last);
  document.getElementById("story").replaceChildren(...t.story.map(line => el("li", {}, line)));
  drawMoves();
}

function seatBox(s, mine) {
  const box = el("div", {class: "seat", "data-seat": s.seat});
  if (s.current) box.classList.add("current");
  if (s.you) box.classList.add("you");
  const head = el("h3", {}, `${s.current ? "▶ " : ""}${s.name}${s.you ? " (you)" : ""}`);
  box.appendChild(head);
  const facts = el("div", {class: "facts"});
  facts.appendChild(el("span", {class: "tag"}, `score ${s.score}`));
  if (s.dealer) facts.appendChild(el("span", {class: "tag"}, "dealer"));
  if (table.seats_kind[s.seat] !== "human") facts.appendChild(el("span", {class: "tag"}, table.seats_kind[s.seat]));
  s.variables.forEach(v => facts.appendChild(tag(v)));
  box.appendChild(facts);
  for (const zone of s.zones) {
    const line = el("div", {class: "zone hand", "data-zone": zone.name, "data-visibility": zone.visibility});
    line.appendChild(el("div", {class: "count"}, `${zone.title}: ${zone.count}`));
    line.appendChild(cardsOf(zone.cards, mine));
    box.appendChild(line);
  }
  return box;
}

// ---------------------------------------------------------------- choosing

function button(text, onclick, cls = "") {
  const b = el("button", cls ? {class: cls, type: "button"} : {type: "button"}, text);
  b.addEventListener("click", onclick);
  return b;
}

function moveButton(move) {
  const b = button(move.text, () => send({type: "move", n: move.n, version: table.version}),
                   move.claim ? "claim" : "");
  b.dataset.move = move.n;
  if (move.description) b.title = move.description;
  return b;
}

function candidates() {
  return table.moves.filter(m => selected.every(c => m.components.includes(c)));
}

function drawMoves() {
  const picker = document.getElementById("picker");
  const moves = document.getElementById("moves");
  const free = table.moves.filter(m => !m.components.length);  // moves that name no component: buttons
  const list = free.map(moveButton);
  if (table.undo) list.push(button("undo", () => send({type: "undo"}), "undo"));
  if (table.moves.some(m => m.components.length)) {
    list.unshift(el("span", {class: "hint"}, "Click a highlighted component to play it" + (free.length ? ", or:" : ".")));
  }
  moves.replaceChildren(...list);
  if (!selected.length) { picker.hidden = true; picker.replaceChildren(); return; }
  const found = candidates();
  const shown = found.slice(0, PICKER_MOST).map(moveButton);
  const more = found.length > PICKER_MOST ? [el("span", {}, `… ${found.length - PICKER_MOST} more: point at more`)] : [];
  picker.replaceChildren(...shown, ...more, button("cancel", () => { selected = []; draw(); }));
  picker.hidden = false;
}

function point(id) {
  // A click on a component: narrow the moves that name all components pointed at, play the one left, or ask why.
  say("");
  if (selected.includes(id)) { selected = selected.filter(c => c !== id); draw(); return; }
  selected.push(id);
  const found = candidates();
  if (!found.length) {
    send({type: "why", components: selected});
    selected = table.moves.some(m => m.components.includes(id)) ? [id] : [];
  } else if (found.length === 1) {
    selected = [];
    send({type: "move", n: found[0].n, version: table.version});
  }
  draw();
}

function say(text, detail = "") {
  const line = document.getElementById("message");
  line.textContent = text;
  line.title = detail;  // the whole rule, for whoever wants more than the short reason
}

// ---------------------------------------------------------------- the connection

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else say("not connected; trying again…");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${token}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", event => {
    const data = JSON.parse(event.data);
    if (data.type === "table") {
      if (table && data.version < table.version) return;  // news overtaken by newer news
      if (table && table.version !== data.version) selected = [];
      table = data;
      draw();
    } else if (data.type === "why" || data.type === "error") {
      say(data.text, data.detail);
    }
  });
  socket.addEventListener("close", event => {
    if (event.code === REFUSED_TOKEN) {
      document.getElementById("status").textContent = "This link opens no table (was the server restarted?).";
      return;
    }
    document.getElementById("status").textContent = "connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  });
}

connect();
