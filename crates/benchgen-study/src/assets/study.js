// The study page: sign in, show the open item, edit, run the tests, submit or give up.
// Every text from the server is put in the page as text (textContent), never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { annotator: null, item: null, dirty: false, saving: null, busy: false };
let editor = null;

async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw { status: 0, message: "the study server cannot be reached; your work stays in this page and is saved when it is back" };
  }
  let data = {};
  try { data = await response.json(); } catch (e) { /* an empty or non-JSON answer */ }
  if (!response.ok) throw { status: response.status, message: data.error || ("HTTP " + response.status) };
  return data;
}

function showError(error) {
  $("error").textContent = error ? error.message || String(error) : "";
  $("error").hidden = !error;
}

function show(view) {
  for (const id of ["login", "work", "finished"]) $(id).hidden = id !== view;
  $("logout").hidden = view === "login";
}

function setSaved(text) { $("saved").textContent = text; }

function answersKey() { return "benchgen-study:" + state.annotator + ":" + (state.item && state.item.id); }

function saveAnswers() {
  if (!state.item) return;
  try { localStorage.setItem(answersKey(), JSON.stringify(readAnswers())); } catch (e) { /* storage off */ }
}

function readAnswers() {
  const checked = (name) => { const e = document.querySelector('input[name="' + name + '"]:checked'); return e ? e.value : null; };
  const tags = Array.from(document.querySelectorAll("#tags input:checked")).map((e) => e.value);
  return { clarity: checked("clarity"), solvable: checked("solvable"), why: $("why").value, tags, other: $("knowledge").value };
}

function restoreAnswers() {
  $("questions").reset();
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(answersKey()) || "null"); } catch (e) { saved = null; }
  if (!saved) return;
  for (const name of ["clarity", "solvable"]) {
    const e = document.querySelector('input[name="' + name + '"][value="' + saved[name] + '"]');
    if (e) e.checked = true;
  }
  $("why").value = saved.why || "";
  $("knowledge").value = saved.other || "";
  for (const e of document.querySelectorAll("#tags input")) e.checked = (saved.tags || []).includes(e.value);
}

function renderRun(run) {
  const box = $("results");
  box.textContent = "";
  if (!run) return;
  const line = document.createElement("p");
  line.id = "run-summary";
  line.dataset.verdict = run.verdict;
  const verdict = document.createElement("span");
  verdict.className = run.passed ? "passed" : "failed";
  verdict.textContent = run.verdict;
  line.append("Verdict: ", verdict, " · " + run.tests_passed + " of " + run.tests_total + " tests passed");
  box.append(line);
  if (!run.tests || run.tests.length === 0) return;
  const table = document.createElement("table");
  const head = table.insertRow();
  for (const h of ["test", "result"]) { const th = document.createElement("th"); th.textContent = h; head.append(th); }
  for (const test of run.tests) {
    const row = table.insertRow();
    row.className = "test";
    row.dataset.verdict = test.verdict;
    row.insertCell().textContent = test.name;
    const cell = row.insertCell();
    cell.textContent = test.verdict;
    cell.className = test.verdict === "passed" ? "passed" : "failed";
  }
  box.append(table);
}

async function load() {
  showError(null);
  let current;
  try {
    current = await api("GET", "/api/current");
  } catch (e) {
    if (e.status === 401) { show("login"); return; }
    showError(e);
    return;
  }
  state.annotator = current.annotator;
  $("who").textContent = "Signed in as " + current.annotator;
  if (!current.work) {
    state.item = null;
    $("progress").textContent = current.done + " items done";
    show("finished");
    return;
  }
  const work = current.work;
  state.item = work.item;
  $("progress").textContent = "item " + (work.seq + 1) + " · " + current.done + " done · " + current.left + " more after this";
  $("item-id").textContent = work.item.id;
  $("instruction").textContent = work.item.instruction;
  $("entry-point").textContent = work.item.entry_point;
  editor.setValue(work.draft);
  editor.clearHistory();
  state.dirty = false;
  setSaved("saved");
  restoreAnswers();
  renderRun(work.last_run);
  $("run-status").textContent = work.runs ? work.runs + " runs so far" : "";
  show("work");
  editor.refresh();
  editor.focus();
  editor.setCursor(editor.lineCount(), 0);
}

async function saveDraft() {
  if (!state.item || !state.dirty) return;
  if (state.saving) return state.saving;
  const code = editor.getValue();
  state.dirty = false;
  setSaved("saving…");
  state.saving = api("PUT", "/api/draft", { item_id: state.item.id, code })
    .then(() => { setSaved(state.dirty ? "unsaved" : "saved"); showError(null); })
    .catch((e) => { state.dirty = true; setSaved("not saved"); showError(e); })
    .finally(() => { state.saving = null; });
  return state.saving;
}

let saveTimer = null;
function changed() {
  state.dirty = true;
  setSaved("unsaved");
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveDraft, 700);
}

function setBusy(busy) {
  state.busy = busy;
  for (const id of ["run", "submit", "giveup"]) $(id).disabled = busy;
}

async function runTests() {
  if (!state.item || state.busy) return;
  setBusy(true);
  showError(null);
  $("run-status").textContent = "running…";
  try {
    const run = await api("POST", "/api/run", { item_id: state.item.id, code: editor.getValue() });
    state.dirty = false;
    setSaved("saved");
    renderRun(run);
    $("run-status").textContent = "";
  } catch (e) {
    $("run-status").textContent = "";
    showError(e);
  } finally {
    setBusy(false);
  }
}

async function finish(action) {
  if (!state.item || state.busy) return;
  const a = readAnswers();
  const knowledge = a.tags.concat(a.other.trim() ? [a.other.trim()] : []).join("; ");
  const missing = [];
  if (!a.clarity) missing.push("how clear the instruction is");
  if (!a.solvable) missing.push("whether it can be solved from what is shown");
  if (a.solvable === "no" && !a.why.trim()) missing.push("why it cannot be solved");
  if (!knowledge) missing.push("what knowledge it needed");
  if (missing.length) { showError({ message: "Answer first: " + missing.join(", ") + "." }); return; }
  setBusy(true);
  showError(null);
  try {
    await api("POST", "/api/finish", {
      item_id: state.item.id, action, code: editor.getValue(),
      clarity: Number(a.clarity), solvable: a.solvable === "yes", why: a.why, knowledge,
    });
    try { localStorage.removeItem(answersKey()); } catch (e) { /* storage off */ }
    state.dirty = false;
    await load();
  } catch (e) {
    showError(e);
  } finally {
    setBusy(false);
  }
}

function heartbeat() {
  if (!state.item || document.visibilityState !== "visible") return;
  if (state.dirty) { saveDraft(); return; }
  api("POST", "/api/seen", { item_id: state.item.id }).then(() => showError(null)).catch((e) => {
    if (e.status === 409 || e.status === 401) load(); else showError(e);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  editor = CodeMirror($("editor"), {
    mode: { name: "python", version: 3 },
    lineNumbers: true,
    indentUnit: 4,
    tabSize: 4,
    indentWithTabs: false,
    matchBrackets: true,
    extraKeys: {
      Tab: (cm) => cm.somethingSelected() ? cm.indentSelection("add") : cm.replaceSelection("    ", "end"),
      "Shift-Tab": (cm) => cm.indentSelection("subtract"),
      "Ctrl-Enter": () => runTests(),
    },
  });
  editor.on("change", (cm, change) => { if (change.origin !== "setValue") changed(); });
  window.study = { editor, state };
  $("login").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(null);
    try {
      await api("POST", "/api/login", { name: $("name").value, token: $("token").value });
      $("token").value = "";
      await load();
    } catch (e) {
      showError(e);
    }
  });
  $("logout").addEventListener("click", async () => {
    await saveDraft();
    try { await api("POST", "/api/logout"); } catch (e) { /* signed out anyway */ }
    state.item = null;
    show("login");
  });
  $("run").addEventListener("click", runTests);
  $("submit").addEventListener("click", () => finish("submit"));
  $("giveup").addEventListener("click", () => finish("give_up"));
  $("questions").addEventListener("input", saveAnswers);
  $("questions").addEventListener("change", saveAnswers);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveDraft(); else heartbeat(); });
  window.addEventListener("pagehide", () => {
    if (state.item && state.dirty) {
      const body = JSON.stringify({ item_id: state.item.id, code: editor.getValue() });
      fetch("/api/draft", { method: "PUT", keepalive: true, credentials: "same-origin", headers: { "Content-Type": "application/json" }, body });
    }
  });
  setInterval(heartbeat, 15000);
  load();
});
