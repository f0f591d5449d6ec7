(function () {
  "use strict";
  const q = document.getElementById("q");
  const selects = Array.from(document.querySelectorAll("select[data-filter]"));
  const rows = Array.from(document.querySelectorAll("#claims tbody tr"));
  const count = document.getElementById("count");
  function apply() {
    const words = q.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of rows) {
      let ok = words.every(w => row.dataset.text.includes(w));
      for (const s of selects) {
        if (s.value && !(row.dataset[s.dataset.filter] || "").split("|").includes(s.value)) ok = false;
      }
      row.hidden = !ok;
      if (ok) shown += 1;
    }
    count.textContent = shown + " of " + rows.length + " claims";
    const state = new URLSearchParams();
    if (q.value.trim()) state.set("q", q.value.trim());
    for (const s of selects) if (s.value) state.set(s.dataset.filter, s.value);
    const hash = state.toString();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname);
  }
  function load() {
    const state = new URLSearchParams(location.hash.slice(1));
    q.value = state.get("q") || "";
    for (const s of selects) {
      const v = state.get(s.dataset.filter) || "";
      s.value = Array.from(s.options).some(o => o.value === v) ? v : "";
    }
    apply();
  }
  q.addEventListener("input", apply);
  for (const s of selects) s.addEventListener("change", apply);
  document.getElementById("reset").addEventListener("click", () => {
    q.value = ""; for (const s of selects) s.value = ""; apply();
  });
  window.addEventListener("hashchange", load);
  load();
})();
