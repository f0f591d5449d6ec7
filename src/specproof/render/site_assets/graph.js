(function () {
  "use strict";
  const svg = document.getElementById("graph");
  const nodes = new Map(Array.from(svg.querySelectorAll(".node")).map(n => [n.dataset.id, n]));
  const edges = Array.from(svg.querySelectorAll(".edge"));
  const info = document.getElementById("info");
  const uses = new Map(), usedBy = new Map();
  for (const id of nodes.keys()) { uses.set(id, []); usedBy.set(id, []); }
  for (const e of edges) {
    if (!e.classList.contains("uses")) continue;
    uses.get(e.dataset.from).push(e.dataset.to);
    usedBy.get(e.dataset.to).push(e.dataset.from);
  }
  function reach(start, next) {
    const seen = new Set([start]), todo = [start];
    while (todo.length) for (const m of next.get(todo.pop())) if (!seen.has(m)) { seen.add(m); todo.push(m); }
    return seen;
  }
  function focus(id) {
    const up = reach(id, uses), down = reach(id, usedBy);
    const on = new Set([...up, ...down]);
    svg.classList.add("focus");
    for (const [k, n] of nodes) n.classList.toggle("on", on.has(k));
    for (const e of edges) {
      const a = e.dataset.from, b = e.dataset.to;
      e.classList.toggle("on", (up.has(a) && up.has(b)) || (down.has(a) && down.has(b)) || (e.classList.contains("corrects") && (a === id || b === id)));
    }
    const n = nodes.get(id);
    info.textContent = "";
    const link = document.createElement("a");
    link.href = n.getAttribute("href");
    link.textContent = id;
    info.append(link, " — " + n.dataset.title + " (" + n.dataset.status + "; chain: " + n.dataset.chain + "); uses "
      + (up.size - 1) + " claims transitively, used by " + (down.size - 1) + ".");
  }
  function clear() {
    svg.classList.remove("focus");
    for (const n of nodes.values()) n.classList.remove("on");
    for (const e of edges) e.classList.remove("on");
  }
  for (const [id, n] of nodes) {
    n.addEventListener("mouseenter", () => focus(id));
    n.addEventListener("focus", () => focus(id));
  }
  svg.addEventListener("mouseleave", clear);
  const q = document.getElementById("graph-q");
  const count = document.getElementById("graph-count");
  q.addEventListener("input", () => {
    const w = q.value.trim().toLowerCase();
    let hits = 0;
    for (const [id, n] of nodes) {
      const hit = w !== "" && (id.toLowerCase().includes(w) || n.dataset.title.toLowerCase().includes(w));
      n.classList.toggle("match", hit);
      if (hit) hits += 1;
    }
    count.textContent = w ? hits + " matching" : "";
  });
})();
