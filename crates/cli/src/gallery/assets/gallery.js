// Grimoire gallery: tooltips, the index's search and filters, and Mage Knight dials.
// Plain JavaScript, no library, nothing loaded from the network.
"use strict";
(function () {
  // ---- tooltips: codex summaries on hover and keyboard focus -------------------------
  var tip = document.createElement("div");
  tip.id = "tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  document.body.appendChild(tip);
  function showTip(target) {
    var holder = target.closest ? target.closest("[data-tip]") : null;
    if (!holder) return;
    tip.textContent = holder.getAttribute("data-tip");
    var box = holder.getBoundingClientRect();
    tip.style.left = Math.max(4, box.left + window.scrollX) + "px";
    tip.style.top = (box.bottom + window.scrollY + 6) + "px";
    tip.hidden = false;
  }
  function hideTip() { tip.hidden = true; }
  document.addEventListener("mouseover", function (e) { showTip(e.target); });
  document.addEventListener("mouseout", hideTip);
  document.addEventListener("focusin", function (e) { showTip(e.target); });
  document.addEventListener("focusout", hideTip);
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hideTip(); });

  // ---- Mage Knight dials: turn click by click ----------------------------------------
  function setupDial(svg) {
    var clicks = JSON.parse(svg.getAttribute("data-dial"));
    var dead = parseInt(svg.getAttribute("data-dead"), 10) || 0;
    var total = clicks.length + dead;
    var lines = svg.querySelectorAll("text.line");
    var clickLine = -1;
    for (var i = 0; i < lines.length; i++) {
      if (/^Click \d+ of \d+/.test(lines[i].textContent)) clickLine = i;
    }
    function show(n) {
      n = Math.max(0, Math.min(total - 1, n));
      svg.setAttribute("data-click", String(n));
      var click = clicks[n];
      ["speed", "attack", "defense", "damage"].forEach(function (stat, slot) {
        var cell = svg.querySelector('[data-stat="' + stat + '"]');
        if (cell) cell.textContent = click ? String(click[stat]) : "☠";
        var line = clickLine >= 0 ? lines[clickLine + 1 + slot] : null;
        if (line) line.textContent = click ? click.slots[slot] : (slot === 0 ? "Skull: the warrior is eliminated" : "");
      });
      if (clickLine >= 0) lines[clickLine].textContent = "Click " + (n + 1) + " of " + total + (click ? "" : " (eliminated)");
    }
    function turn(by) { show(parseInt(svg.getAttribute("data-click"), 10) + by); }
    var figure = svg.closest("figure");
    if (figure) {
      figure.querySelectorAll("[data-turn]").forEach(function (button) {
        button.addEventListener("click", function () { turn(parseInt(button.getAttribute("data-turn"), 10)); });
      });
    }
    svg.addEventListener("keydown", function (e) {
      if (e.key === "ArrowRight") { turn(1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { turn(-1); e.preventDefault(); }
    });
    show(0);
  }
  document.querySelectorAll("svg[data-dial]").forEach(setupDial);

  // ---- game index: search as you type and filters -------------------------------------
  var data = document.getElementById("gallery-data");
  var list = document.getElementById("cards");
  if (!data || !list) return;
  // Only the first matches are in the page (a page of PAGE more at a time, or all on
  // request), so a keystroke never lays out thousands of rows.
  var PAGE = 200;
  var cards = JSON.parse(data.textContent);
  cards.forEach(function (card) {
    card.text = [card.n, card.k].concat(card.g, card.t, card.s).join(" ").toLowerCase();
  });
  function row(card) {
    if (card.row) return card.row;
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = card.u;
    link.textContent = card.n;
    item.appendChild(link);
    var meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = card.k + (card.c === null ? "" : " · " + card.c) + (card.g.length ? " · " + card.g.join(", ") : "");
    item.appendChild(meta);
    card.row = item;
    return item;
  }
  var count = document.getElementById("count");
  var more = document.getElementById("more");
  var everything = document.getElementById("all");
  var field = function (id) { return document.getElementById(id); };
  var q = field("q"), kind = field("f-kind"), group = field("f-group"), cmin = field("f-cmin"),
    cmax = field("f-cmax"), ref = field("f-ref"), set = field("f-set"), cov = field("f-cov");
  var matches = [], limit = PAGE;
  function number(input) { return input.value === "" ? null : Number(input.value); }
  function render() {
    var fragment = document.createDocumentFragment();
    var end = Math.min(limit, matches.length);
    for (var i = 0; i < end; i++) fragment.appendChild(row(matches[i]));
    list.textContent = "";
    list.appendChild(fragment);
    var rest = matches.length - end;
    more.hidden = everything.hidden = rest <= 0;
    more.textContent = "Show " + Math.min(PAGE, rest) + " more";
    everything.textContent = "Show all " + matches.length;
  }
  function apply() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var k = kind.value, g = group.value, lo = number(cmin), hi = number(cmax), r = ref.value, s = set.value;
    var v = cov ? cov.value : "";
    matches = [];
    for (var i = 0; i < cards.length; i++) {
      var card = cards[i];
      var ok = (!k || card.k === k) && (!g || card.g.indexOf(g) >= 0) &&
        (lo === null || (card.c !== null && card.c >= lo)) && (hi === null || (card.c !== null && card.c <= hi)) &&
        (!r || card.t.indexOf(r) >= 0) && (!s || card.s.indexOf(s) >= 0) &&
        (!v || card.v === (v === "yes"));
      for (var w = 0; ok && w < words.length; w++) ok = card.text.indexOf(words[w]) >= 0;
      if (ok) matches.push(card);
    }
    var shown = matches.length;
    count.textContent = shown === cards.length ? cards.length + " cards" : shown + " of " + cards.length + " cards";
    list.setAttribute("data-shown", String(shown));
    limit = PAGE;
    render();
  }
  more.addEventListener("click", function () { limit += PAGE; render(); });
  everything.addEventListener("click", function () { limit = matches.length; render(); });
  var form = document.getElementById("filters");
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  apply();
})();
