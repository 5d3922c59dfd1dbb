// jsm's web console: one page, hash routes, read-only JSON from /api/ (see docs/operations.md, "Web console").
"use strict";

const HEALTH_COLOURS = {
  "ok": "#2a2", "degraded": "#e90", "not-active": "#cc0", "errors": "#d0d", "unhealthy": "#708", "missing": "#e00"
};
// the map's traffic bands: a pair of switches' data rate (bytes/s, both ways, all its cables) at least `from`
const TRAFFIC_BANDS = [
  {from: -Infinity, label: "unknown", colour: "#bbb", width: 1},
  {from: 0, label: "idle", colour: "#9ab", width: 1},
  {from: 1, label: "< 1 MB/s", colour: "#6ad", width: 1.5},
  {from: 1e6, label: "1-100 MB/s", colour: "#27c", width: 2.5},
  {from: 1e8, label: "0.1-1 GB/s", colour: "#a3c", width: 4},
  {from: 1e9, label: "1-10 GB/s", colour: "#e60", width: 5.5},
  {from: 1e10, label: ">= 10 GB/s", colour: "#c00", width: 7}
];
let timer = null;
let plot = null;
let mapColours = "health";

function trafficBand(bytesPerSecond) {
  let b = 0;
  while (b + 1 < TRAFFIC_BANDS.length && bytesPerSecond >= TRAFFIC_BANDS[b + 1].from) { b++; }
  return b;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") { e.textContent = v; } else { e.setAttribute(k, v); }
  }
  for (const c of children) { e.append(c); }
  return e;
}

function table(headers, rows) {
  const t = el("table", {});
  t.append(el("tr", {}, ...headers.map(h => el("th", {text: h}))));
  for (const r of rows) {
    t.append(el("tr", {}, ...r.map(c => c instanceof Node ? el("td", {}, c) : el("td", {text: String(c)}))));
  }
  return t;
}

function link(href, text) { return el("a", {href: href, text: text}); }

async function getJson(path) {
  const r = await fetch(path, {cache: "no-store"});
  if (!r.ok) { throw new Error(path + ": " + r.status + " " + (await r.text())); }
  return r.json();
}

function rate(bytesPerSecond) {
  if (bytesPerSecond == null || bytesPerSecond < 0) { return "-"; }
  const units = ["B/s", "kB/s", "MB/s", "GB/s"];
  let v = bytesPerSecond;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) { v /= 1000; u++; }
  return v.toFixed(1) + " " + units[u];
}

function page(name, ...content) {
  const main = document.getElementById("page");
  main.replaceChildren(...content);
  document.body.dataset.page = name;
}

function failed(e) {
  page("error", el("p", {class: "warn", id: "error", text: String(e)}));
}

// ---- overview ----
async function overview() {
  const o = await getJson("/api/overview");
  const since = o.secondsSinceSubnetUp < 0 ? "never" : o.secondsSinceSubnetUp + " s ago";
  page("overview",
    el("h2", {text: "Subnet manager"}),
    table(["state", "priority", "master", "sweeping", "SUBNET UP", "routing engine"],
      [[el("span", {id: "sm-state", text: o.smState}), o.priority, o.master || "-", o.sweeping ? "on" : "off",
        el("span", {id: "subnet-up", text: (o.subnetUp ? "sweep " + o.lastSubnetUpSweep + ", " : "") + since}),
        o.routingEngine || "-"]]),
    o.actions ? el("p", {id: "actions"}, button("resweep", "Resweep"), " ",
      button(o.sweeping ? "sweep-off" : "sweep-on", o.sweeping ? "Sweeping off" : "Sweeping on")) : "",
    el("h2", {text: "Other SMs"}),
    table(["GUID", "state", "priority", "LID"], o.otherSms.map(s => [s.guid, s.state, s.priority, s.lid])),
    el("h2", {text: "Fabric"}),
    table(["nodes", "switches", "end ports", "links"],
      [[el("span", {id: "fabric-nodes", text: o.fabric.nodes}), o.fabric.switches, o.fabric.endPorts,
        o.fabric.links]]),
    el("h2", {text: "Warnings"}),
    o.warnings.length === 0 ? el("p", {class: "ok", id: "warnings", text: "none"})
      : el("ul", {id: "warnings", class: "warn"}, ...o.warnings.map(w => el("li", {text: w}))),
    el("h2", {text: "Last sweeps"}),
    table(["kind", "result", "ms", "ended"],
      o.sweeps.map(s => [s.kind, s.ok ? "ok" : "FAILED", s.ms, new Date(s.endMillis).toLocaleTimeString()])),
    el("h2", {text: "Events"}),
    el("div", {id: "events"}, ...o.events.map(e => el("div", {
      text: (e.millis ? new Date(e.millis).toLocaleTimeString() + " " : "") + e.text})))
  );
  document.getElementById("status-line").textContent = o.version + " - " + o.smState;
}

// an action (web_console_actions TRUE): a POST with the header another site's page cannot send
function button(action, label) {
  const b = el("button", {id: "action-" + action, text: label});
  b.onclick = () => fetch("/api/action/" + action, {method: "POST", headers: {"X-Jsm-Action": "1"}})
    .then(r => r.ok ? overview() : r.text().then(t => { throw new Error(t); })).catch(failed);
  return b;
}

// ---- fabric map ----
function layout(m, width) {
  return m.layout === "torus" ? torusLayout(m, width) : levelLayout(m, width);
}

function levelLayout(m, width) {
  const rows = [];
  for (let l = 0; l < Math.max(1, m.levels); l++) { rows.push([]); }
  m.switches.forEach((s, i) => rows[s.level].push(i));
  const rowHeight = 90;
  const pos = new Array(m.switches.length);
  rows.forEach((row, l) => {
    const y = 30 + (rows.length - 1 - l) * rowHeight;
    row.forEach((i, k) => { pos[i] = [(k + 0.5) * width / row.length, y]; });
  });
  return {pos: pos, height: 60 + rows.length * rowHeight, cell: rowHeight};
}

// torus-2QoS's placement: x across, y up, one panel per z side by side (wrapping into rows of panels); switches it
// did not place in a row below
function torusLayout(m, width) {
  const [rx, ry, rz] = m.radix;
  const perRow = Math.max(1, Math.min(rz, Math.floor(width / (rx * 40))));
  const cell = Math.max(6, Math.min(80, (width / perRow - 30) / rx));
  const panelW = width / perRow;
  const panelH = ry * cell + 40;
  const panelRows = Math.ceil(rz / perRow);
  const pos = new Array(m.switches.length);
  const unplaced = [];
  m.switches.forEach((s, i) => {
    if (!s.coord) { unplaced.push(i); return; }
    const [x, y, z] = s.coord;
    pos[i] = [(z % perRow) * panelW + 15 + (x + 0.5) * cell,
      Math.floor(z / perRow) * panelH + 20 + (ry - 1 - y + 0.5) * cell];
  });
  const bottom = panelRows * panelH + 30;
  unplaced.forEach((i, k) => { pos[i] = [(k + 0.5) * width / unplaced.length, bottom]; });
  return {pos: pos, height: bottom + (unplaced.length ? 60 : 0), cell: cell};
}

// a cable between switches: straight, or bowed when it skips over others (a torus's wrap-around, a z link)
function cable(g, a, b, cell) {
  g.moveTo(a[0], a[1]);
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (d <= cell * 1.5) { g.lineTo(b[0], b[1]); return; }
  const bow = Math.min(cell * 0.6, d * 0.15);
  g.quadraticCurveTo((a[0] + b[0]) / 2 + (b[1] - a[1]) / d * bow, (a[1] + b[1]) / 2 - (b[0] - a[0]) / d * bow,
    b[0], b[1]);
}

function drawMap(canvas, m) {
  const t0 = performance.now();
  const width = m.layout === "torus" ? Math.max(800, Math.min(4000, m.radix[0] * m.radix[2] * 40))
    : Math.max(800, Math.min(4000, m.switches.length * 6));
  const {pos, height, cell} = layout(m, width);
  const torus = m.layout === "torus";
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d");
  g.clearRect(0, 0, width, height);
  // one path per (health, traffic band), the worst health last so a red link is never hidden under green ones;
  // the width says the traffic, the colour the health or (colouring by traffic) the traffic again
  const groups = {};
  for (const l of m.links) {
    const key = l[3] * 100 + trafficBand(l[5]);
    (groups[key] = groups[key] || []).push(l);
  }
  for (const key of Object.keys(groups).map(Number).sort((a, b) => a - b)) {
    const h = Math.floor(key / 100);
    const band = TRAFFIC_BANDS[key % 100];
    g.strokeStyle = mapColours === "traffic" && h === 0 ? band.colour : HEALTH_COLOURS[m.health[h]];
    g.lineWidth = h === 0 || m.health[h] === "degraded" ? band.width : Math.max(2.5, band.width);
    g.beginPath();
    for (const l of groups[key]) {
      if (torus) { cable(g, pos[l[0]], pos[l[1]], cell); } else {
        g.moveTo(pos[l[0]][0], pos[l[0]][1]);
        g.lineTo(pos[l[1]][0], pos[l[1]][1]);
      }
    }
    g.stroke();
  }
  const size = Math.max(3, Math.min(10, torus ? cell * 0.3 : width / m.switches.length * 0.6));
  const bar = torus ? cell * 0.35 : 30;
  m.switches.forEach((s, i) => {
    const [x, y] = pos[i];
    g.fillStyle = s.errorRate > 0 ? HEALTH_COLOURS.errors : "#345";
    g.fillRect(x - size / 2, y - size / 2, size, size);
    if (s.hosts > 0 || s.hostsMissing > 0) {
      const colour = s.hostsMissing > 0 ? HEALTH_COLOURS.missing : HEALTH_COLOURS[m.health[s.hostHealth]];
      g.fillStyle = colour;
      g.fillRect(x - size / 2, y + size, size, Math.min(bar, 4 + s.hosts));
    }
  });
  const ms = performance.now() - t0;
  performance.mark("jsm-map-drawn");
  return {ms: ms, pos: pos, size: size};
}

async function fabricMap() {
  const m = await getJson("/api/map");
  const canvas = el("canvas", {id: "map-canvas"});
  const missing = m.links.filter(l => m.health[l[3]] === "missing").length
    + m.switches.reduce((n, s) => n + (s.hostsMissing > 0 ? 1 : 0), 0);
  const red = m.links.filter(l => m.health[l[3]] !== "ok").length;
  const stats = el("p", {id: "map-stats"});
  const legend = el("p", {class: "legend", id: "map-legend"}, ...Object.entries(HEALTH_COLOURS).map(([k, c]) =>
    el("span", {}, el("i", {style: "background:" + c}), k)));
  const traffic = el("p", {class: "legend", id: "traffic-legend"}, "traffic (width; colour when coloured by "
    + "traffic): ", ...TRAFFIC_BANDS.map(b => el("span", {}, el("i", {style: "background:" + b.colour
      + ";height:" + b.width + "px"}), b.label)));
  const colours = el("select", {id: "map-colours"}, el("option", {value: "health", text: "health"}),
    el("option", {value: "traffic", text: "traffic"}));
  colours.value = mapColours;
  colours.onchange = () => { mapColours = colours.value; fabricMap().catch(failed); };
  const busiest = m.links.reduce((b, l) => l[5] > b ? l[5] : b, -1);
  const placed = m.layout === "torus"
    ? "by torus-2QoS's placement, " + m.radix.join("x") + " (x across, y up, a panel per z)"
    : "by level (leaves at the bottom)";
  page("map", el("h2", {text: "Fabric map (sweep " + m.sweep + ")"}),
    el("p", {}, "colour links by ", colours, "; busiest pair of switches: ",
      el("span", {id: "map-busiest", text: rate(busiest)})), legend, traffic, stats,
    el("p", {id: "map-layout", "data-layout": m.layout, text: "switches placed " + placed}),
    el("p", {}, el("span", {id: "map-missing", text: String(missing)}), " links missing, ",
      el("span", {id: "map-not-ok", text: String(red)}), " switch links not ok; hosts are the bars below each leaf"),
    canvas);
  const drawn = drawMap(canvas, m);
  window.jsmMapRenderMs = drawn.ms;
  stats.textContent = m.switches.length + " switches, " + m.links.length + " switch pairs, "
    + m.switches.reduce((n, s) => n + s.hosts, 0) + " hosts; drawn in " + drawn.ms.toFixed(1) + " ms";
  canvas.onclick = ev => {
    const r = canvas.getBoundingClientRect();
    const x = (ev.clientX - r.left) * canvas.width / r.width;
    const y = (ev.clientY - r.top) * canvas.height / r.height;
    let best = -1;
    let dist = 1e9;
    drawn.pos.forEach((p, i) => {
      const d = Math.hypot(p[0] - x, p[1] - y);
      if (d < dist) { dist = d; best = i; }
    });
    if (best >= 0 && dist < 20) { location.hash = "#/node/" + m.switches[best].guid; }
  };
}

// ---- a node and a port ----
function portRow(guid, p) {
  return [link("#/port/" + guid + "/" + p.port, String(p.port)), p.state, p.phys, p.width, p.speed,
    el("span", {style: "color:" + (HEALTH_COLOURS[p.health] || "#888"), text: p.health}),
    p.peer ? link("#/node/" + p.peer.guid, p.peer.name + " [" + p.peer.port + "]") : "-",
    p.routes, p.errorRate, rate(p.bytesPerSecond)];
}

async function node(guid) {
  const n = await getJson("/api/node?guid=" + encodeURIComponent(guid));
  page("node", el("h2", {id: "node-name", text: n.name}),
    el("p", {text: n.kind + " " + n.guid + ", " + n.numPorts + " ports; LIDs: "
      + (n.lids.map(l => l.lid + (l.lmc ? "/" + l.lmc : "")).join(", ") || "-")}),
    table(["port", "state", "physical", "width", "speed", "health", "neighbour", "LIDs routed out", "errors/s",
      "traffic"], n.ports.filter(p => p.port > 0 || !n.isSwitch).map(p => portRow(n.guid, p))));
}

async function port(guid, num) {
  const p = await getJson("/api/port?guid=" + encodeURIComponent(guid) + "&port=" + num);
  const chart = el("div", {id: "port-chart"});
  page("port", el("h2", {id: "port-name", text: p.name + " port " + p.port.port}),
    table(["port", "state", "physical", "width", "speed", "health", "neighbour", "LIDs routed out", "errors/s",
      "traffic"], [portRow(p.guid, p.port)]),
    el("h2", {text: "Counters over time (the performance manager's last sweeps)"}), chart,
    el("h2", {text: "Counter totals"}),
    Object.keys(p.counters).length === 0 ? el("p", {id: "counters", text: "not read by the performance manager"})
      : table(["counter", "total"], Object.entries(p.counters)));
  const h = p.history;
  if (h.length >= 2 && window.uPlot) {
    const axis = (scale, side) => ({scale: scale, side: side, size: 70, values: (u, v) => v.map(x => rate(x))});
    plot = new uPlot({width: 800, height: 240,
      scales: {x: {time: true}, rate: {}, err: {}},
      axes: [{}, axis("rate", 3), {scale: "err", side: 1, label: "errors/s"}],
      series: [{}, {label: "xmit", stroke: "#36c", scale: "rate", value: (u, v) => rate(v)},
        {label: "rcv", stroke: "#c63", scale: "rate", value: (u, v) => rate(v)},
        {label: "errors/s", stroke: "#d0d", scale: "err"}]},
      [h.map(s => s[0] / 1000), h.map(s => s[1]), h.map(s => s[2]), h.map(s => s[3])], chart);
  } else {
    chart.textContent = h.length + " reading(s) so far";
  }
  chart.dataset.readings = String(h.length);
}

// ---- routing, partitions, QoS ----
async function routing() {
  const r = await getJson("/api/routing");
  const parts = [el("h2", {text: "Routing"}),
    el("p", {}, "engine: ", el("b", {id: "routing-engine", text: r.engine || "none"}),
      r.fallback ? " (fallback)" : ""),
    table(["engine", "outcome", "ms"], r.attempts.map(a => [a.engine, a.verb, a.ms]))];
  if (r.warnings.length) { parts.push(el("ul", {class: "warn"}, ...r.warnings.map(w => el("li", {text: w})))); }
  const c = r.check;
  if (c == null) {
    parts.push(el("p", {id: "route-check", text: "the route check has not run yet"}));
  } else {
    parts.push(el("h2", {text: "Route check"}),
      table(["switches", "LIDs", "pairs", "delivered", "unreachable", "disconnected"],
        [[c.switches, c.lids, c.pairs, el("span", {id: "route-delivered", text: c.delivered}), c.unreachable,
          c.disconnected]]),
      el("h2", {text: "Hops (mean " + c.hops.mean + ", shortest " + c.hops.shortestMean + ", max " + c.hops.max
        + ", " + c.hops.nonMinimal + " longer than shortest)"}),
      histogram(c.hops.histogram),
      el("h2", {text: "Link load (all-to-all)"}),
      table(["flows", "directions", "max", "mean", "max/mean", "busiest"],
        [[c.linkLoad.flows, c.linkLoad.directions, c.linkLoad.max, c.linkLoad.mean, c.linkLoad.maxOverMean,
          c.linkLoad.busiest || "-"]]),
      el("h2", {text: "Credit loops (" + c.creditLoops.dependencies + " dependencies)"}),
      table(["VL", "verdict"], c.creditLoops.perVl.map(v => [v.vl, v.verdict])),
      el("p", {id: "credit-loops", class: c.creditLoops.cycle ? "warn" : "ok",
        text: c.creditLoops.cycle ? "CYCLE: " + c.creditLoops.cycleChannels.join(" ") : "no credit loop"}));
  }
  parts.push(el("h2", {text: "Partitions"}),
    table(["name", "P_Key", "SL", "full members", "limited members"],
      r.partitions.map(p => [p.name, p.pkey, p.sl, p.full, p.limited])),
    el("h2", {text: "QoS"}),
    r.qos.policy ? table(["level", "use", "SL"], r.qos.levels.map(l => [l.name, l.use, l.sl]))
      : el("p", {text: "no QoS policy file in force"}));
  page("routing", ...parts);
}

function histogram(counts) {
  const max = Math.max(1, ...counts);
  return table(["hops", "pairs", ""], counts.map((n, h) => [h, n,
    el("span", {class: "bar", style: "width:" + Math.round(300 * n / max) + "px"})]));
}

// ---- plan: what a HUP to the configuration on disk would change (run on a button, never on the timer) ----
function planPage() {
  const out = el("div", {id: "plan-result"});
  const button = el("button", {id: "plan-run", text: "Plan a HUP"});
  button.addEventListener("click", () => {
    button.disabled = true;
    out.replaceChildren(el("p", {text: "planning on a copy of the fabric ..."}));
    fetch("/api/plan", {cache: "no-store"}).then(async r => {
      if (!r.ok) { out.replaceChildren(el("p", {class: "warn", text: r.status + " " + (await r.text())})); return; }
      const d = await r.json();
      out.replaceChildren(
        el("p", {id: "plan-verdict", class: d.ok ? "ok" : "warn",
          text: d.ok ? "plan: OK" : "plan: REJECTED: " + d.problems.join(", ")}),
        table(["LFT entries", "LFT blocks", "switches changed", "pairs moved", "P_Key tables", "SL2VL tables",
          "VLArb tables", "LIDs"], [[d.lftEntries, d.lftBlocks, d.switches.length + " of " + d.switchCount,
          d.pairsMoved + " of " + d.pairs, d.pKeyTables, d.sl2VlTables, d.vlArbTables, d.lids.length]]),
        table(["", "unreachable", "max load", "mean load", "credit loop"], [["before", d.before.unreachable,
          d.before.maxLoad, d.before.meanLoad, d.before.creditLoop], ["after", d.after.unreachable,
          d.after.maxLoad, d.after.meanLoad, d.after.creditLoop]]),
        table(["switch", "name", "entries", "blocks"], d.switches.map(s => [s.guid, s.name, s.entries, s.blocks])),
        el("ul", {class: "warn"}, ...d.restartOnly.map(r => el("li", {text: "needs a restart: " + r})),
          ...d.errors.map(e => el("li", {text: "error: " + e}))));
    }).catch(e => out.replaceChildren(el("p", {class: "warn", text: String(e)})))
      .finally(() => { button.disabled = false; });
  });
  page("plan", el("h2", {text: "Plan before apply"}),
    el("p", {text: "What a HUP to the daemon's opensm.conf and policy files as they are on disk now would change, "
      + "planned on a private copy of the fabric; nothing is sent to the fabric."}), button, out);
}

// ---- the router ----
function route() {
  clearInterval(timer);
  if (plot) { plot.destroy(); plot = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  let show;
  if (parts[0] === "plan") { planPage(); return; }
  if (parts[0] === "map") { show = fabricMap; } else if (parts[0] === "routing") { show = routing; }
  else if (parts[0] === "node") { show = () => node(parts[1]); }
  else if (parts[0] === "port") { show = () => port(parts[1], parts[2]); } else { show = overview; }
  const refresh = () => show().catch(failed);
  refresh();
  timer = setInterval(() => { if (plot) { plot.destroy(); plot = null; } refresh(); }, 3000);
}

window.addEventListener("hashchange", route);
route();
