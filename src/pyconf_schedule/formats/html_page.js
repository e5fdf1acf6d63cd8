// The timetable page's script: grid and list views, filters, search, picks, time zones, now.
// It reads the JSON block written with the page and moves the page's own session elements;
// it makes no request of any kind.
(() => {
  'use strict';
  const D = JSON.parse(document.getElementById('data').textContent);
  const MIN = 4, LH = 16, OPEN = 15, OPEN_MIN = 5, LONGEST = 24 * 60, MS = 60000;
  const main = document.getElementById('main');
  const form = document.querySelector('.controls');
  const nowBox = document.querySelector('.now');
  if (!form || !main) { document.documentElement.dataset.ready = ''; return; }
  const byId = new Map();
  document.querySelectorAll('[data-session-id]').forEach(e => byId.set(e.dataset.sessionId, e));
  const S = D.sessions.map(r => ({id: r[0], start: r[1], end: r[2], day: r[3], room: r[4], track: r[5], kind: r[6],
    level: r[7], lang: r[8], hay: r[9], el: byId.get(r[0]), drawn: true}));
  for (const s of S) {  // the time elements, found once; their machine-readable instants are the same in every zone
    s.a = s.el.querySelector('[data-start]');
    s.b = s.el.querySelector('[data-end]');
    s.a2 = s.a && s.a.nextElementSibling;  // the day mark after each time: " (+1)" where it falls on the next day
    s.b2 = s.b && s.b.nextElementSibling;
    if (s.a) s.a.setAttribute('datetime', new Date(s.start).toISOString());
    if (s.b) s.b.setAttribute('datetime', new Date(s.end).toISOString());
  }
  const field = name => form.elements.namedItem(name);
  const q = field('q'), tzSelect = field('tz'), picksOnly = field('picks-only'), count = form.querySelector('.count');
  const FILTERS = [['track', 'track', 'tracks'], ['room', 'room', 'rooms'], ['kind', 'kind', 'kinds'],
    ['level', 'level', 'levels'], ['language', 'lang', 'languages']];
  const h = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  };
  const localZone = (() => { try { return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'; } catch (e) { return 'UTC'; } })();
  for (const o of tzSelect.options) if (o.value === 'local') o.textContent = `My time zone (${localZone})`;

  // -- time ------------------------------------------------------------------
  const formats = new Map();
  function parts(ms, tz) {
    let f = formats.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat('en-GB', {timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit',
        hour: '2-digit', minute: '2-digit', hourCycle: 'h23'});
      formats.set(tz, f);
    }
    const p = {};
    for (const x of f.formatToParts(ms)) p[x.type] = x.value;
    return {date: `${p.year}-${p.month}-${p.day}`, hm: `${p.hour}:${p.minute}`, minute: +p.minute};
  }
  const dayNumbers = new Map();
  const dayNumber = key => {
    let n = dayNumbers.get(key);
    if (n === undefined) { n = Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10)) / 864e5; dayNumbers.set(key, n); }
    return n;
  };
  const later = (date, day) => { const n = dayNumber(date) - dayNumber(day); return n ? ` (${n > 0 ? '+' : ''}${n})` : ''; };
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
    'November', 'December'];
  const heading = key => {
    const d = new Date(dayNumber(key) * 864e5);
    return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  };
  const zoneElement = document.querySelector('[data-zone]');
  const pageZoneText = zoneElement ? zoneElement.textContent : D.zone;
  const abbreviations = new Map();
  function abbreviation(tz) {  // the zone's names over the sessions shown (EDT/EST), as the writer gives them for its own
    if (!abbreviations.has(tz)) {
      let text = '';
      try {
        const f = new Intl.DateTimeFormat('en-US', {timeZone: tz, timeZoneName: 'short'}), names = new Set();
        for (const ms of new Set(S.map(s => s.start))) if (ms != null) names.add(f.formatToParts(ms).find(p => p.type === 'timeZoneName').value);
        text = names.size ? ` (${[...names].join('/')})` : '';
      } catch (e) { text = ''; }
      abbreviations.set(tz, text);
    }
    return abbreviations.get(tz);
  }
  const zone = () => (tzSelect.value === 'local' ? localZone : tzSelect.value) || D.zone;

  // -- state in the URL ------------------------------------------------------
  const KEYS = ['q', 'day', 'track', 'room', 'kind', 'level', 'language', 'tz', 'view', 'picks'];
  function readUrl() {
    const hash = location.hash.slice(1);
    if (!hash.includes('=')) return;
    const p = new URLSearchParams(hash);
    for (const k of KEYS) {
      const v = p.get(k);
      if (v == null) continue;
      if (k === 'view') { const r = form.querySelector(`input[name=view][value="${v === 'list' ? 'list' : 'grid'}"]`); r.checked = true; }
      else if (k === 'picks') picksOnly.checked = v === '1';
      else if (k === 'day') pendingDay = v;
      else { const e = field(k); if (e && (e.tagName !== 'SELECT' || [...e.options].some(o => o.value === v))) e.value = v; }
    }
  }
  function writeUrl() {
    const p = new URLSearchParams();
    for (const k of KEYS) {
      let v;
      if (k === 'view') v = view() === defaultView ? '' : view();
      else if (k === 'picks') v = picksOnly.checked ? '1' : '';
      else if (k === 'tz') v = tzSelect.selectedIndex === 0 ? '' : tzSelect.value;
      else v = field(k) ? field(k).value : '';
      if (v) p.set(k, v);
    }
    const text = p.toString();
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {  // once the controls rest: the history API is slow when called often
      const url = location.href.split('#')[0] + (text ? '#' + text : '');
      try { history.replaceState(null, '', url); } catch (e) { /* a page where history refuses: keep the state */ }
    }, 150);
  }
  let urlTimer = 0;
  let pendingDay = null;
  const narrow = matchMedia('(max-width: 40em)');
  const defaultView = narrow.matches ? 'list' : 'grid';
  const view = () => (printing ? 'list' : (form.querySelector('input[name=view]:checked') || {}).value || defaultView);
  let printing = false;

  // -- picks -----------------------------------------------------------------
  const STORE = 'pyconf-schedule/picks/' + D.conference;
  let picks = new Set();
  try { picks = new Set(JSON.parse(localStorage.getItem(STORE) || '[]').filter(x => byId.has(x))); } catch (e) { picks = new Set(); }
  function savePicks() { try { localStorage.setItem(STORE, JSON.stringify([...picks])); } catch (e) { /* storage off */ } }
  function markPicks() {
    let clashes = 0;
    const chosen = S.filter(s => picks.has(s.id));
    const timed = chosen.filter(s => s.start != null).sort((a, b) => a.start - b.start);
    const clash = new Set();
    let open = null;
    for (const s of timed) {
      const end = s.end != null ? s.end : s.start + OPEN * MS;
      if (open && s.start < open.until) { clash.add(s.id); clash.add(open.s.id); }
      if (!open || end > open.until) open = {s, until: end};
    }
    for (const s of S) {  // only what changed is touched
      const on = picks.has(s.id), c = clash.has(s.id);
      if (c) clashes++;
      if (on !== !!s.picked) {
        s.picked = on;
        const b = s.el.querySelector('[data-pick]');
        b.setAttribute('aria-pressed', on ? 'true' : 'false');
        b.textContent = on ? '★' : '☆';
        s.el.classList.toggle('picked', on);
      }
      if (c !== !!s.clash) {
        s.clash = c;
        s.el.classList.toggle('clash', c);
        if (c) s.el.querySelector('.t').append(h('span', 'cl', ' · clashes with another pick'));
        else s.el.querySelector('.cl').remove();
      }
    }
    return clashes;
  }

  // -- search ----------------------------------------------------------------
  const WORD = /[\p{L}\p{N}]+[+#]*|[+#]+/gu;
  function fold(text) {
    return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').replace(/ς/g, 'σ');
  }
  function needle(term) {
    const words = fold(term).match(WORD);
    if (!words) return null;
    const last = words[words.length - 1];
    let n = ' ' + words.join(' ');
    if ([...last].length <= 2 || !/[\p{L}\p{N}]$/u.test(last)) n += ' ';
    return n;
  }

  // -- layout ----------------------------------------------------------------
  let days = [];        // day keys shown, in order
  let groups = [];      // the slots, day-only lists and sections, each with its sessions (members)
  let sections = new Map();
  const roomsUsed = (() => {
    const used = new Set(S.filter(s => s.start != null).map(s => s.room));
    const out = D.rooms.map((r, i) => i).filter(i => used.has(i));
    if (used.has(-1)) out.push(-1);
    return out;
  })();
  // The UTC offset of an instant in a zone (from one formatToParts), and parts() of an instant as the page
  // uses them: from the offset of its hour, once per zone and hour, when the hour has one offset throughout
  // (no zone changes its offset twice within an hour), else from the instant's own.  Sessions share a few
  // hours, so a zone switch formats a few dozen instants, not every start and end.
  const offsetFormats = new Map();
  function offsetOf(ms, tz) {
    let f = offsetFormats.get(tz);
    if (!f) {
      f = new Intl.DateTimeFormat('en-GB', {timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit',
        hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23'});
      offsetFormats.set(tz, f);
    }
    const p = {};
    for (const x of f.formatToParts(ms)) p[x.type] = x.value;
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - (ms - (((ms % 1000) + 1000) % 1000));
  }
  const two = n => (n < 10 ? '0' : '') + n;
  const at = (() => {
    const seen = new Map(), hours = new Map();
    return (ms, tz) => {
      let m = seen.get(tz), hm = hours.get(tz);
      if (!m) { m = new Map(); seen.set(tz, m); hm = new Map(); hours.set(tz, hm); }
      let p = m.get(ms);
      if (!p) {
        const hour = Math.floor(ms / 36e5);
        let offset = hm.get(hour);
        if (offset === undefined) {
          const first = offsetOf(hour * 36e5, tz), last = offsetOf(hour * 36e5 + 36e5 - 1000, tz);
          offset = first === last ? first : null;
          hm.set(hour, offset);
        }
        const wall = new Date(ms + (offset === null ? offsetOf(ms, tz) : offset));
        const minute = wall.getUTCMinutes();
        p = {date: `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
          hm: `${two(wall.getUTCHours())}:${two(minute)}`, minute};
        m.set(ms, p);
      }
      return p;
    };
  })();
  const put = (e, text) => {  // unchanged text is not laid out again; changed text replaces the text node's data
    const n = e.firstChild;
    if (n && n.nodeType === 3 && !n.nextSibling) { if (n.data !== text) n.data = text; }
    else if (e.textContent !== text) e.textContent = text;
  };
  let timesIn = null;  // the zone the times shown are in
  function setTimes(tz) {  // each shown time written only where it changes
    if (tz === timesIn) return;
    timesIn = tz;
    for (const s of S) {
      if (s.start == null) { s.key = s.day; continue; }
      const p = at(s.start, tz);
      s.key = tz === D.zone && s.day ? s.day : p.date;
      s.hm = p.hm;
      s.minute = p.minute;
      const mark = later(p.date, s.key);
      put(s.a, p.hm);
      put(s.a2, mark);
      s.slot = p.hm + mark;
      if (s.b) {
        const e = at(s.end, tz);
        put(s.b, e.hm);
        put(s.b2, later(e.date, s.key));
      }
    }
  }
  function lanes(blocks) {  // same-room overlaps side by side: each cluster of overlapping blocks shares the width
    blocks.sort((a, b) => a.top - b.top || a.bottom - b.bottom);
    let cluster = [], until = -1, ends = [];
    const close = () => { const n = ends.length || 1; for (const b of cluster) b.lanes = n; };
    for (const b of blocks) {
      if (b.top >= until && cluster.length) { close(); cluster = []; ends = []; }
      let lane = ends.findIndex(e => e <= b.top);
      if (lane < 0) { lane = ends.length; ends.push(b.bottom); } else ends[lane] = b.bottom;
      b.lane = lane;
      cluster.push(b);
      until = Math.max(until, b.bottom);
    }
    if (cluster.length) close();
  }
  const hourOf = s => s.start - s.minute * MS - (s.start % MS);  // the grid's top: the hour of its first start
  function shell(key) {  // a day's grid without its sessions: the room header, the axis and one column per room
    const g = h('div', 'grid'), head = h('div', 'gh'), body = h('div', 'gb'), axis = h('div', 'axis');
    g.setAttribute('role', 'region');
    g.setAttribute('aria-label', `Timetable of ${heading(key)}, rooms across, time down`);
    head.setAttribute('aria-hidden', 'true');
    head.append(h('div', 'corner', ''));
    axis.setAttribute('aria-hidden', 'true');
    body.append(axis);
    const columns = new Map(), heads = new Map(), inner = new Map();
    for (const r of roomsUsed) {
      const cell = h('div', null, r < 0 ? 'No room given' : D.rooms[r][1]);
      heads.set(r, cell);
      head.append(cell);
      const c = h('div', 'col'), blocks = h('div', 'in');
      c.dataset.room = String(r);
      c.append(blocks);
      columns.set(r, c);
      inner.set(r, blocks);
      body.append(c);
    }
    g.append(head, body);
    return Object.assign(g, {body, axis, columns, heads, inner, ticks: [], shift: 0, basis: new Map()});
  }
  // Places a day's timed sessions in its grid: a new one, or the one the day has (a zone switch that moves
  // sessions onto or off the day), where a session already in its column and order stays where it is.
  // A block's top is counted from the grid's first top (its anchor), and each column's blocks are moved
  // together by the distance from there to the top now (the block holder's shift): when a zone switch
  // moves a day's top, the blocks that stay on the day keep their styles and are not laid out again.
  function grid(key, timed, tz, g = null) {
    const origin = hourOf(timed[0]);
    const blocks = timed.map(s => ({s, top: Math.round((s.start - origin) / MS), room: s.room}));
    const next = new Map();
    for (let i = blocks.length - 1; i >= 0; i--) {
      const b = blocks[i];
      if (b.s.end != null) {
        const bottom = Math.max(b.top + 1, Math.round((b.s.end - origin) / MS));
        b.bottom = Math.min(b.top + LONGEST, bottom);
        if (bottom > b.bottom && !b.s.el.querySelector('.more')) b.s.el.querySelector('.t').append(h('span', 'mark more', ' (continues)'));
      }
      else { const n = next.get(b.room); b.bottom = b.top + Math.max(OPEN_MIN, n == null ? OPEN : Math.min(OPEN, n - b.top)); }
      next.set(b.room, b.top);
    }
    const rows = Math.max(...blocks.map(b => b.bottom));
    if (!g) { g = shell(key); g.anchor = origin; }
    const {body, axis, columns, heads, inner, ticks} = g, lift = (origin - g.anchor) / MS;
    if (g.shift !== lift) { for (const c of inner.values()) c.style.top = -lift * MIN + 'px'; g.shift = lift; }
    if (g.rows !== rows) body.style.height = rows * MIN + 'px';
    const hours = Math.ceil(rows / 60);  // the hour lines are the columns' background (the stylesheet's --hour is 60 * MIN px)
    while (ticks.length > hours) ticks.pop().remove();
    while (ticks.length < hours) {
      const t = h('div', 'tick');
      t.style.top = ticks.length * 60 * MIN + 'px';
      ticks.push(t);
      axis.append(t);
    }
    ticks.forEach((t, i) => { t.at = origin + i * 60 * MS; });
    tickTimes(ticks, key, tz);
    const byRoom = new Map();
    for (const b of blocks) { if (!byRoom.has(b.room)) byRoom.set(b.room, []); byRoom.get(b.room).push(b); }
    for (const [r, c] of columns) {  // room enough for each of the same-room overlaps: a lane holds a few words a line
      const list = byRoom.get(r) || [];
      lanes(list);
      const most = Math.max(1, ...list.map(b => b.lanes)), basis = most > 1 ? `max(var(--col), ${most * 8}rem)` : '';
      if ((g.basis.get(r) || '') !== basis) { c.style.flexBasis = basis; heads.get(r).style.flexBasis = basis; g.basis.set(r, basis); }
    }
    for (const [room, list] of byRoom) {
      const col = inner.get(room);
      let prev = null;
      for (const b of list) {
        const s = b.s, e = s.el, height = (b.bottom - b.top) * MIN - 1, top = (b.top + lift) * MIN, size = `${height} ${b.lane} ${b.lanes}`;
        if (s.size !== size) {  // a block whose place and size stay is not styled again; one that moves only, its top
          s.size = size;
          s.top = top;
          const w = `calc(${100 / b.lanes}% - 2px)`;
          // The lines the block holds: with fewer than three its title comes first (the time is on the axis),
          // a block of 5 minutes or less holds one line of it; the title ends in an ellipsis where it is cut.
          const lines = Math.floor((height - 4) / LH), short = lines < 3;
          e.classList.toggle('short', short);
          e.classList.toggle('tiny', lines < 1);
          e.style.cssText = `top: ${top}px; height: ${height}px; left: calc(${(100 * b.lane) / b.lanes}% + 1px); ` +
            `width: ${w}; --w: ${w}; --h: ${height}px; --lines: ${Math.max(1, lines)}; ` +
            `--title: ${short ? Math.max(1, lines) : lines - 1};`;
        } else if (s.top !== top) { s.top = top; e.style.top = top + 'px'; }
        let place = prev ? prev.nextSibling : col.firstChild;
        while (place && leaving.has(place)) place = place.nextSibling;  // a block leaving for another day moves once, there
        if (place !== e) col.insertBefore(e, place);
        prev = e;
      }
    }
    g.origin = origin;
    g.rows = rows;
    return g;
  }
  function tickTimes(ticks, key, tz) { for (const t of ticks) { const p = at(t.at, tz); put(t, p.hm + later(p.date, key)); } }
  // Puts the sessions in a box of cards in order, moving only those not already in their place.  A block
  // keeps the styles the grid gave it (the stylesheet sets them aside in cards), so that it is not styled
  // again when the grid shows again.
  function refill(box, list) {
    let prev = null;
    for (const s of list) {
      const place = prev ? prev.nextSibling : box.firstChild;
      if (place !== s.el) box.insertBefore(s.el, place);
      prev = s.el;
    }
    return box;
  }
  const cards = list => refill(h('div', 'cards'), list);
  // A day's section: its grid, or its list of slots, and its sessions of unknown time.
  function build(key, members, mode, tz) {
    const sec = h('section', 'day'), id = key ? 'day-' + key : 'not-scheduled';
    sec.id = id;
    sec.setAttribute('aria-labelledby', id + '-h');
    Object.assign(sec, {key, mode, members, groups: [], slots: [], grid: null});
    sec.timed = members.filter(s => s.start != null);
    sec.dayOnly = key ? members.filter(s => s.start == null) : [];
    const h2 = h('h2', null, key ? heading(key) : `Not scheduled (${members.length})`);
    h2.id = id + '-h';
    sec.append(h2);
    for (const s of members) { s.sec = sec; s.group = null; }
    if (!key) { sec.box = cards(members); sec.append(sec.box); return sec; }
    const timed = sec.timed;
    if (timed.length && mode === 'grid') { sec.grid = grid(key, timed, tz); sec.append(sec.grid); }
    else if (timed.length) {
      let slot = null, box = null, div = null;
      for (const s of timed) {
        if (s.slot !== slot) {
          slot = s.slot;
          div = h('div', 'slot');
          div.start = s.start;
          div.members = [];
          box = h('div', 'cards');
          div.head = h('h3', null, slot);
          div.box = box;
          div.append(div.head, box);
          sec.slots.push(div);
          sec.append(div);
        }
        box.append(s.el);
        div.members.push(s);
        s.group = div;
      }
    }
    const dayOnly = sec.dayOnly;
    if (dayOnly.length) {
      const d = h('div', 'dayonly');
      d.box = cards(dayOnly);
      d.append(h('h3', null, `Time not known (${dayOnly.length} session${dayOnly.length === 1 ? '' : 's'})`), d.box);
      d.members = dayOnly;
      sec.dayBox = d;
      for (const s of dayOnly) s.group = d;
      sec.groups.push(d);
      sec.append(d);
    }
    sec.groups.unshift(...sec.slots);
    return sec;
  }
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  // Whether a day's section still holds, in the zone now set, exactly what it holds: the same sessions, the
  // same top of its grid, or the same slots of its list.  Then only its times are written again.
  function still(sec, members, mode) {
    if (!sec || sec.mode !== mode || !same(sec.members, members)) return false;
    if (sec.grid) return hourOf(sec.timed[0]) === sec.grid.origin;
    return sec.slots.every((div, i) => div.members.every(s => s.slot === div.members[0].slot) &&
      (i === 0 || sec.slots[i - 1].members[0].slot !== div.members[0].slot));
  }
  // A section kept from when its view was last shown, shown again: its sessions put back in it.
  function fill(sec, tz) {
    for (const s of sec.members) { s.sec = sec; s.group = null; }
    if (sec.grid) grid(sec.key, sec.timed, tz, sec.grid);
    for (const div of sec.slots) { refill(div.box, div.members); for (const s of div.members) s.group = div; }
    if (sec.dayBox) { refill(sec.dayBox.box, sec.dayOnly); for (const s of sec.dayOnly) s.group = sec.dayBox; }
    if (sec.box) refill(sec.box, sec.members);
    retime(sec, tz);
  }
  function retime(sec, tz) {
    if (sec.grid) tickTimes(sec.grid.ticks, sec.key, tz);
    for (const div of sec.slots) put(div.head, div.members[0].slot);
  }
  // Lays the page out in the zone and view set, building only what it does not have yet.  The sections of
  // each view are kept once built; a change of view (or printing, which shows the list) takes the sections
  // of the other view off the page, whole, and puts the sessions back into that view's sections where these
  // still hold them, so that switching back and forth builds nothing again and restyles no block.  A zone
  // change keeps each section that still holds (its sessions' elements and places untouched, only its times
  // rewritten), keeps the grid of a day that gains or loses sessions (only those move, each once), and builds
  // only the other days whose sessions or slots change.  The sections replaced leave the page first, whole,
  // so that the sessions moved out of them are not taken out one by one.
  let leaving = new Set();  // the elements of the sessions changing day, while a zone change moves them
  const built = {grid: new Map(), list: new Map()};  // each view's sections, by day, as last laid out
  let shownMode = null;
  function layout() {
    const tz = zone(), mode = view(), switched = shownMode !== mode;
    for (const e of document.querySelectorAll('[data-now]')) e.remove();
    setTimes(tz);
    const byKey = new Map();
    for (const s of S) { const k = s.key || ''; if (!byKey.has(k)) byKey.set(k, []); byKey.get(k).push(s); }
    const was = days;
    days = [...byKey.keys()].filter(Boolean).sort();
    if (shownMode === null) main.textContent = '';  // the page as written, without its script: built again once
    if (switched) for (const sec of sections.values()) sec.remove();
    main.classList.toggle('list', mode === 'list');
    const old = built[mode];
    if (!switched) for (const s of S) if (s.sec && s.sec.key !== (s.key || '')) leaving.add(s.el);
    const plan = [...days, ...(byKey.has('') ? [''] : [])].map(key => {
      const members = byKey.get(key), kept = old.get(key), timed = members.filter(s => s.start != null);
      const how = still(kept, members, mode) ? 'still' : kept && kept.grid && mode === 'grid' && timed.length &&
        same(kept.dayOnly, members.filter(s => s.start == null)) ? 'grid' : 'build';
      return {key, members, kept, timed, how};
    });
    const reused = new Set(plan.filter(x => x.how !== 'build').map(x => x.kept));
    for (const sec of old.values()) if (!reused.has(sec)) sec.remove();
    sections = new Map();
    for (const {key, members, kept, timed, how} of plan) {
      let sec = kept;
      if (how === 'still') { if (switched) fill(kept, tz); else retime(kept, tz); }
      else if (how === 'grid') {
        Object.assign(kept, {members, timed});  // the day keeps its grid: its sessions placed again in it
        for (const s of timed) { s.sec = kept; s.group = null; }
        grid(key, timed, tz, kept.grid);
        if (kept.dayBox) {
          if (switched) refill(kept.dayBox.box, kept.dayOnly);
          for (const s of kept.dayOnly) { s.sec = kept; s.group = kept.dayBox; }
        }
      } else sec = build(key, members, mode, tz);
      sections.set(key, sec);
    }
    leaving = new Set();
    built[mode] = sections;
    shownMode = mode;
    let next = main.firstChild;  // the sections kept are in order already: only new ones are inserted
    for (const sec of sections.values()) { if (next === sec) next = sec.nextSibling; else main.insertBefore(sec, next); }
    groups = [...sections.values()].flatMap(sec => [...sec.groups, sec]);
    if (zoneElement) zoneElement.textContent = tz === D.zone ? pageZoneText : `${tz}${abbreviation(tz)}, not the conference's ${D.zone}`;
    if (!same(was, days) || !tabs.children.length) dayControls();
    apply();
  }
  const tabs = h('div', 'tabs');
  tabs.setAttribute('role', 'group');
  tabs.setAttribute('aria-label', 'Show one day');
  main.before(tabs);
  function dayControls() {
    const select = field('day'), was = pendingDay != null ? pendingDay : select.value;
    pendingDay = null;
    select.length = 1;
    for (const key of days) select.add(new Option(heading(key), key));
    select.value = days.includes(was) ? was : '';
    const jump = document.querySelector('nav.jump ul');
    if (jump) {
      jump.textContent = '';
      for (const key of [...days, ...(sections.has('') ? [''] : [])]) {
        const li = h('li'), a = h('a', null, key ? heading(key) : 'Not scheduled');
        a.href = '#' + (key ? 'day-' + key : 'not-scheduled');
        li.append(a);
        jump.append(li);
      }
    }
    tabs.textContent = '';
    for (const key of ['', ...days]) {
      const b = h('button', null, key ? heading(key).replace(/ \d{4}$/, '') : 'All days');
      b.type = 'button';
      b.dataset.day = key;
      tabs.append(b);
    }
    tabs.hidden = days.length < 2;
  }

  // -- filters ---------------------------------------------------------------
  function visible(s, st) {
    if (st.day && s.key !== st.day) return false;
    for (const [name, prop] of FILTERS) if (st[name] != null && s[prop] !== st[name]) return false;
    if (st.picks && !picks.has(s.id)) return false;
    for (const n of st.needles) if (!s.hay.includes(n)) return false;
    return true;
  }
  function state() {
    const st = {day: field('day').value, picks: picksOnly.checked, needles: []};
    for (const [name, , list] of FILTERS) {
      const e = field(name);
      st[name] = e && e.value ? (D[list] || []).findIndex(x => x[0] === e.value) : null;
    }
    const terms = q.value.split(/\s+/).filter(Boolean);
    st.needles = terms.map(needle).filter(n => n != null);
    return st;
  }
  function apply() {
    const st = state();
    let shown = 0;
    for (const s of S) if ((s.shown = visible(s, st))) shown++;
    for (const box of groups) {
      const any = box.members.some(s => s.shown);
      if (!!box.off === any) { box.off = !any; box.classList.toggle('off', !any); }
    }
    // A session is drawn or left out only where its slot and its day are shown: one inside a hidden day or slot
    // keeps its element as it was (nothing there is drawn) and is brought up to date when that day comes back,
    // so clearing a filter touches only the sessions whose look changes.
    for (const s of S) {
      if (s.shown !== s.drawn && !s.sec.off && !(s.group && s.group.off)) { s.el.classList.toggle('off', !s.shown); s.drawn = s.shown; }
    }
    for (const b of tabs.children) b.setAttribute('aria-pressed', b.dataset.day === st.day ? 'true' : 'false');
    const clashes = markPicks();
    let text = `Showing ${shown} of ${S.length} sessions`;
    if (picks.size) text += ` · ${picks.size} picked${clashes ? `, ${clashes} in clashes` : ''}`;
    count.textContent = text + '.';
    writeUrl();
    nowLine();
  }

  // -- now -------------------------------------------------------------------
  const timedAll = S.filter(s => s.start != null);
  const span = timedAll.length ? [Math.min(...timedAll.map(s => s.start)),
    Math.max(...timedAll.map(s => (s.end != null ? s.end : s.start + OPEN * MS)))] : null;
  function nowLine() {
    for (const e of document.querySelectorAll('[data-now]')) e.remove();
    const now = Date.now();
    if (!span || now < span[0] - 60 * MS || now > span[1]) { nowBox.hidden = true; return; }
    const tz = zone(), p = parts(now, tz);
    const running = S.filter(s => s.shown && s.start != null && s.start <= now && now < (s.end != null ? s.end : s.start + OPEN * MS));
    const coming = S.filter(s => s.shown && s.start != null && s.start > now);
    const nextStart = coming.length ? Math.min(...coming.map(s => s.start)) : null;
    const next = coming.filter(s => s.start === nextStart);
    nowBox.textContent = '';
    const list = (title, items) => {
      nowBox.append(h('h2', null, title));
      const ul = h('ul');
      for (const s of items.slice(0, 8)) {
        const li = h('li'), a = h('a', null, s.el.querySelector('.n').textContent);
        a.href = '#' + s.el.id;
        li.append(s.hm + ' ', a);
        ul.append(li);
      }
      if (!items.length) ul.append(h('li', null, 'nothing'));
      if (items.length > 8) ul.append(h('li', null, `and ${items.length - 8} more`));
      nowBox.append(ul);
    };
    list(`Happening now at ${p.hm} (${running.length})`, running);
    list(`Up next${next.length ? ' at ' + next[0].hm : ''} (${next.length})`, next);
    const jump = h('button', null, 'Jump to now');
    jump.type = 'button';
    jump.dataset.jumpNow = '';
    nowBox.append(jump);
    nowBox.hidden = false;
    const mark = h('div');
    mark.setAttribute('data-now', '');
    mark.setAttribute('role', 'note');
    mark.append(h('span', null, 'Now ' + p.hm));
    const sec = [...sections.values()].find(x => x.grid && now >= x.grid.origin && now <= x.grid.origin + x.grid.rows * MS);
    if (view() === 'grid' && sec) {
      mark.style.top = Math.round((now - sec.grid.origin) / MS) * MIN + 'px';
      sec.grid.querySelector('.gb').append(mark);
      return;
    }
    const slot = [...main.querySelectorAll('.slot')].find(x => !x.off && x.start > now);
    const p2 = h('p');
    p2.setAttribute('data-now', '');
    p2.textContent = 'Now: ' + p.hm;
    if (slot) slot.before(p2); else if (view() === 'list') { const last = [...main.querySelectorAll('.slot')].pop(); if (last) last.after(p2); }
  }
  function jumpNow() {
    const e = document.querySelector('[data-now]');
    if (e) e.scrollIntoView({block: 'center'});
  }

  // -- files -----------------------------------------------------------------
  function download(name, type, text) {
    const a = h('a');
    a.href = URL.createObjectURL(new Blob([text], {type}));
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  }
  const icsText = t => t.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
  const stamp = ms => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  function fold75(line) {
    const out = [];
    let cur = '', bytes = 0;
    for (const ch of line) {
      const n = new TextEncoder().encode(ch).length;
      if (bytes + n > (out.length ? 74 : 75)) { out.push(cur); cur = ''; bytes = 0; }
      cur += ch;
      bytes += n;
    }
    out.push(cur);
    return out.join('\r\n ');
  }
  function ics() {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//pyconf-schedule//timetable page//EN', 'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH', 'X-WR-CALNAME:' + icsText(D.name + ' · my picks')];
    const now = stamp(Date.now()), lead = field('remind') ? field('remind').value : '';
    for (const s of S) {
      if (!picks.has(s.id) || (s.start == null && !s.day)) continue;
      const e = s.el, link = e.querySelector('.n a'), who = e.querySelector('.w');
      lines.push('BEGIN:VEVENT', 'UID:' + icsText(s.id + '@' + D.conference + '.pyconf-schedule'), 'DTSTAMP:' + now);
      if (s.start != null) {
        lines.push('DTSTART:' + stamp(s.start));
        if (s.end != null) lines.push('DTEND:' + stamp(s.end));
      } else {
        const d = s.day.replace(/-/g, ''), n = new Date((dayNumber(s.day) + 1) * 864e5).toISOString().slice(0, 10).replace(/-/g, '');
        lines.push('DTSTART;VALUE=DATE:' + d, 'DTEND;VALUE=DATE:' + n);
      }
      lines.push('SUMMARY:' + icsText(e.querySelector('.n').textContent));
      if (s.room >= 0) lines.push('LOCATION:' + icsText(D.rooms[s.room][1]));
      if (who) lines.push('DESCRIPTION:' + icsText(who.textContent));
      if (link) lines.push('URL:' + link.href);
      if (lead) lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:' + icsText(e.querySelector('.n').textContent),
        'TRIGGER:-' + lead, 'END:VALARM');
      lines.push('END:VEVENT');
    }
    lines.push('END:VCALENDAR');
    return lines.map(fold75).join('\r\n') + '\r\n';
  }
  function agenda() {
    const doc = {format: 'pyconf-schedule-agenda', version: 1, timezone: D.zone, conferences: [D.conference],
      picks: S.filter(s => picks.has(s.id)).map(s => ({conference: D.conference, session: s.id}))};
    return JSON.stringify(doc, null, 2) + '\n';
  }
  function importAgenda(text) {
    let doc;
    try { doc = JSON.parse(text); } catch (e) { doc = null; }
    if (!doc || doc.format !== 'pyconf-schedule-agenda' || doc.version !== 1 || !Array.isArray(doc.picks)) {
      count.textContent = 'Not imported: that file is not a pyconf-schedule agenda file (version 1).';
      return;
    }
    const mine = doc.picks.filter(p => p && p.conference === D.conference && byId.has(p.session)).map(p => p.session);
    const other = doc.picks.length - mine.length;
    picks = new Set(mine);
    savePicks();
    apply();
    count.textContent += ` Imported ${mine.length} pick${mine.length === 1 ? '' : 's'}` +
      (other ? `; ${other} not in this timetable were left out.` : '.');
  }

  // -- events ----------------------------------------------------------------
  let typed = 0;  // keystrokes within one frame make one update, run just before that frame is drawn
  form.addEventListener('submit', e => { e.preventDefault(); cancelAnimationFrame(typed); typed = 0; apply(); });
  form.addEventListener('input', e => {
    const t = e.target;
    if (t.name === 'agenda' || t.name === 'remind') return;
    if (t.name === 'tz' || t.name === 'view') { layout(); return; }
    if (t.name === 'q') { if (!typed) typed = requestAnimationFrame(() => { typed = 0; apply(); }); return; }
    apply();
  });
  form.addEventListener('change', e => {
    const t = e.target;
    if (t.name === 'agenda' && t.files && t.files[0]) {
      const r = new FileReader();
      r.onload = () => importAgenda(String(r.result));
      r.readAsText(t.files[0]);
      t.value = '';
    }
  });
  form.querySelector('[data-export-picks]').addEventListener('click', () => download(`${D.conference}-picks.ics`, 'text/calendar', ics()));
  form.querySelector('[data-export-agenda]').addEventListener('click', () => download(`${D.conference}-agenda.json`, 'application/json', agenda()));
  form.querySelector('[data-reset]').addEventListener('click', () => {
    q.value = '';
    for (const n of ['day', ...FILTERS.map(f => f[0])]) if (field(n)) field(n).value = '';
    picksOnly.checked = false;
    apply();
  });
  tabs.addEventListener('click', e => {
    const b = e.target.closest('button');
    if (!b) return;
    field('day').value = b.dataset.day;
    apply();
  });
  main.addEventListener('click', e => {
    const b = e.target.closest('[data-pick]');
    if (!b) return;
    const id = b.closest('[data-session-id]').dataset.sessionId;
    if (picks.has(id)) picks.delete(id); else picks.add(id);
    savePicks();
    apply();
  });
  document.addEventListener('click', e => {
    if (e.target.closest('[data-jump-now]')) { jumpNow(); return; }
    const a = e.target.closest('a[href^="#"]');
    if (!a) return;
    if (a.classList.contains('skip')) { e.preventDefault(); main.focus(); return; }
    const target = document.getElementById(a.getAttribute('href').slice(1));
    if (!target) return;
    e.preventDefault();
    target.scrollIntoView({block: target.matches('[data-session-id]') ? 'center' : 'start'});
    const focus = target.matches('[data-session-id]') ? target.querySelector('[data-pick]') : target.querySelector('h2');
    if (focus) { if (!focus.matches('button')) focus.tabIndex = -1; focus.focus({preventScroll: true}); }
  });
  const print = matchMedia('print');
  const onPrint = on => { if (printing !== on) { printing = on; layout(); } };
  print.addEventListener('change', e => onPrint(e.matches));
  addEventListener('beforeprint', () => onPrint(true));
  addEventListener('afterprint', () => onPrint(false));
  setInterval(nowLine, 30000);

  // -- start -----------------------------------------------------------------
  try {
    for (const s of S) s.el.querySelector('[data-pick]').hidden = false;
    form.hidden = false;
    form.querySelector('.more').open = !narrow.matches;
    readUrl();
    if (!form.querySelector('input[name=view]:checked')) form.querySelector(`input[name=view][value=${defaultView}]`).checked = true;
    layout();
  } finally {
    document.documentElement.dataset.ready = '';  // shows the timetable (hidden while the page loads with scripts on)
  }
})();
