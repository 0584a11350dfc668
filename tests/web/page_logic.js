// The web build's own JavaScript without a browser: web/index.html's page
// (what it asks of the address, the cover, the download's bar, when the game
// starts and with which command line, what a failure shows) and web/pre.js
// (the player's folder copied to the browser's storage after each write, one
// copy at a time; a packaged game's files unpacked by byte range; the settings
// kept when the page is hidden). Each runs in a fresh context over stand-ins
// for the DOM and Emscripten's runtime, so every rule here is checked on every
// machine that runs the suite; tests/web/check_web.py plays the real build in
// Chromium. Usage: node tests/web/page_logic.js REPO_ROOT
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const root = process.argv[2] || path.join(__dirname, '..', '..');
const pageHtml = fs.readFileSync(path.join(root, 'web', 'index.html'), 'utf8');
const pageScript = /<script>([\s\S]*?)<\/script>/.exec(pageHtml)[1];
const preScript = fs.readFileSync(path.join(root, 'web', 'pre.js'), 'utf8');

const settle = () => new Promise((resolve) => setImmediate(resolve));
// A value made in a page's context, as plain data of this one (its arrays have another realm's prototype).
const plain = (value) => JSON.parse(JSON.stringify(value));

// An element: what the page reads and sets of one.
function element(id) {
  const listeners = {};
  const classes = new Set();
  return {
    id, hidden: false, textContent: '', style: {}, focused: 0, fullscreenAsked: 0, listeners,
    classList: { add: (c) => classes.add(c), contains: (c) => classes.has(c) },
    addEventListener(type, fn) { (listeners[type] = listeners[type] || []).push(fn); },
    fire(type, event) { for (const fn of listeners[type] || []) fn(event); },
    focus() { this.focused++; },
    requestFullscreen() { this.fullscreenAsked++; },
  };
}

function event() {
  return { prevented: 0, preventDefault() { this.prevented++; } };
}

// The page in a context of its own: `search` is the address's query, `argumentsJson`
// what arguments.json holds (an Error: it cannot be fetched).
async function loadPage(search, argumentsJson) {
  const ids = ['stage', 'canvas', 'cover', 'status', 'bar', 'fill', 'problem', 'fullscreen'];
  const elements = Object.fromEntries(ids.map((id) => [id, element(id)]));
  elements.problem.hidden = true;
  const appended = [];
  const frames = [];
  const windowListeners = {};
  const calls = [];
  const context = {
    URLSearchParams, console: { log() {}, warn() {} },
    location: { search },
    performance: { now: () => 1234 },
    requestAnimationFrame: (fn) => frames.push(fn),
    document: {
      getElementById: (id) => elements[id],
      createElement: (tag) => ({ tag }),
      body: { appendChild: (e) => appended.push(e) },
    },
    addEventListener(type, fn) { (windowListeners[type] = windowListeners[type] || []).push(fn); },
    fetch: (url) => {
      if (url !== 'arguments.json') return Promise.reject(new Error('unexpected fetch ' + url));
      if (argumentsJson instanceof Error) return Promise.reject(argumentsJson);
      return Promise.resolve({ json: () => Promise.resolve(argumentsJson) });
    },
  };
  context.window = context;
  vm.createContext(context);
  vm.runInContext(pageScript, context, { filename: 'web/index.html' });
  await settle();
  await settle();
  const fire = (type, e) => { for (const fn of windowListeners[type] || []) fn(e); };
  const key = (e) => fire('keydown', e);
  return { context, elements, appended, frames, calls, key, fire, page: context.stagehandPage, Module: context.Module };
}

// The engine's side of a start: callMain records its arguments and answers `exitCode`.
function engineReady(p, exitCode = 0, frameNumbers = [1, 2]) {
  p.Module.callMain = (args) => { p.calls.push(args); return exitCode; };
  let frame = 0;
  p.Module.stagehandFrameNumber = () => frameNumbers[Math.min(frame++, frameNumbers.length - 1)];
  p.Module.onRuntimeInitialized();
}

const checks = [];
const check = (name, fn) => checks.push([name, fn]);

check('arguments.json as a list: the game\'s arguments, then game.js and stagehand.js in that order, not async',
  async () => {
    const p = await loadPage('', ['--script', 'game/main.lua']);
    assert.deepEqual(p.page.gameArguments, ['--script', 'game/main.lua']);
    assert.deepEqual(p.appended.map((s) => [s.src, s.async]), [['game.js', false], ['stagehand.js', false]]);
    assert.equal(p.Module.stagehandGameFiles, undefined);
  });

check('arguments.json as a packaged game\'s object: its arguments and the name of its files', async () => {
  const p = await loadPage('', { arguments: ['tower-tales'], gameFiles: 'tower-tales' });
  assert.deepEqual(p.page.gameArguments, ['tower-tales']);
  assert.equal(p.Module.stagehandGameFiles, 'tower-tales');
});

check('arguments.json that cannot be read: the problem shows on the cover and nothing loads', async () => {
  const p = await loadPage('', new Error('404'));
  assert.equal(p.elements.problem.hidden, false);
  assert.equal(p.elements.cover.hidden, false);
  assert.equal(p.elements.problem.textContent, 'Cannot load the game: Error: 404\n');
  assert.deepEqual(plain(p.page.errors), ['Cannot load the game: Error: 404']);
  assert.equal(p.appended.length, 0);
});

check('the download\'s progress fills the bar in proportion and the status drops the count', async () => {
  const p = await loadPage('', []);
  p.Module.setStatus('Downloading data... (3/12)');
  assert.equal(p.elements.fill.style.width, '25%');
  assert.equal(p.elements.status.textContent, 'Downloading data...…');
  p.Module.setStatus('Downloading data... (1.5/2)');
  assert.equal(p.elements.fill.style.width, '75%');
  p.Module.setStatus('Running...');
  assert.equal(p.elements.status.textContent, 'Running...');
  assert.equal(p.elements.fill.style.width, '75%');
  p.Module.setStatus('');
  assert.equal(p.elements.status.textContent, 'Running...');
});

check('a key before the engine is ready starts nothing; once ready the cover asks for a click', async () => {
  const p = await loadPage('', []);
  p.Module.callMain = () => { throw new Error('started before the engine was ready'); };
  const e = event();
  p.key(e);
  assert.equal(e.prevented, 0);
  assert.equal(p.page.started, false);
  engineReady(p);
  assert.equal(p.page.loaded, true);
  assert.equal(p.elements.fill.style.width, '100%');
  assert.equal(p.elements.status.textContent, 'Click, tap or press a key to start');
  assert.ok(p.elements.cover.classList.contains('ready'));
});

check('the first key starts the game once with the game\'s arguments, then the address\'s', async () => {
  const p = await loadPage('?args=--seed%20%203%20--size%20640x360&scene=harbour&lang=ar', ['game']);
  engineReady(p);
  const e = event();
  p.key(e);
  assert.equal(e.prevented, 1);
  p.key(event());
  p.elements.cover.fire('click', event());
  assert.deepEqual(plain(p.calls), [['game', '--seed', '3', '--size', '640x360', '--scene', 'harbour', '--lang', 'ar']]);
  assert.equal(p.elements.cover.hidden, true);
  assert.equal(p.elements.canvas.focused, 1);
  assert.equal(p.page.exitCode, 0);
});

check('every combination of ?args, ?scene and ?lang, each present or not, passes exactly what it names, in that order',
  async () => {
    const parts = [['args', '--seed%207', ['--seed', '7']], ['scene', 'cove', ['--scene', 'cove']],
      ['lang', 'ja', ['--lang', 'ja']]];
    for (let mask = 0; mask < 8; ++mask) {
      const given = parts.filter((_, i) => mask & (1 << i));
      // The address's own order is any: the command line's is args, scene, lang.
      const query = given.slice().reverse().map(([name, value]) => name + '=' + value).join('&');
      const p = await loadPage(query ? '?' + query : '', ['game']);
      engineReady(p);
      p.key(event());
      assert.deepEqual(plain(p.calls), [['game'].concat(...given.map((g) => g[2]))], query || '(no query)');
    }
  });

check('a click or a tap starts it too; a tap does not also click', async () => {
  for (const how of ['click', 'touchend']) {
    const p = await loadPage('?scene=cove', []);
    engineReady(p);
    const e = event();
    p.elements.cover.fire(how, e);
    assert.deepEqual(plain(p.calls), [['--scene', 'cove']], how);
    assert.equal(e.prevented, how === 'touchend' ? 1 : 0, how);
  }
});

check('the first frame is marked when the loop has begun its second frame, and only after a clean start',
  async () => {
    const p = await loadPage('', []);
    engineReady(p, 0, [0, 1, 2, 3]);
    p.key(event());
    let rounds = 0;
    while (p.frames.length && rounds++ < 10) p.frames.shift()();
    assert.equal(p.page.firstFrameMs, 1234);
    assert.equal(rounds, 3);
    const failed = await loadPage('', []);
    engineReady(failed, 1);
    failed.key(event());
    assert.equal(failed.page.exitCode, 1);
    assert.equal(failed.frames.length, 0);
    assert.equal(failed.page.firstFrameMs, null);
  });

check('a suspended sound context is resumed by the starting click; a running one is left alone', async () => {
  for (const state of ['suspended', 'running']) {
    const p = await loadPage('', []);
    let resumed = 0;
    p.Module.SDL2 = { audioContext: { state, resume: () => resumed++ } };
    engineReady(p);
    p.key(event());
    assert.equal(resumed, state === 'suspended' ? 1 : 0, state);
  }
});

check('an abort and a page error show on the cover, each on its own line; stderr is kept', async () => {
  const p = await loadPage('', []);
  engineReady(p);
  p.key(event());
  p.Module.onAbort('out of memory');
  assert.equal(p.elements.cover.hidden, false);
  assert.equal(p.elements.problem.hidden, false);
  p.fire('error', { message: 'ReferenceError: x is not defined' });
  p.Module.printErr('stagehand: saved in slot 1');
  assert.deepEqual(plain(p.page.stderr), ['stagehand: saved in slot 1']);
  assert.equal(p.elements.problem.textContent,
    'The game stopped: out of memory\nReferenceError: x is not defined\n');
  assert.deepEqual(plain(p.page.errors), ['The game stopped: out of memory', 'ReferenceError: x is not defined']);
});

check('the full-screen button asks for the stage, not the canvas, and gives the keys back to the game',
  async () => {
    const p = await loadPage('', []);
    p.elements.fullscreen.fire('click', event());
    assert.equal(p.elements.stage.fullscreenAsked, 1);
    assert.equal(p.elements.canvas.fullscreenAsked, 0);
    assert.equal(p.elements.canvas.focused, 1);
  });

// --- web/pre.js

// pre.js in a context of its own over a stand-in file system; `module` is
// what Module holds before it runs.
function loadPre(module = {}) {
  const log = { syncs: [], warnings: [], mounted: [], made: [], written: [], deps: [], kept: 0 };
  const timers = [];
  const docListeners = {};
  const fsStandIn = {
    close(stream) { return stream; },
    rename(from, to) { return [from, to]; },
    unlink(p) { return p; },
    mkdir: (p) => log.made.push(p),
    mkdirTree: (p) => log.made.push(p),
    mount: (type, options, where) => log.mounted.push([type, where]),
    writeFile: (p, bytes) => log.written.push([p, Array.from(bytes)]),
    syncfs(populate, done) { log.syncs.push({ populate, done }); },
  };
  const context = {
    Module: module, FS: fsStandIn, IDBFS: 'IDBFS',
    Browser: { mainLoop: { currentFrameNumber: 7 } },
    console: { warn: (w) => log.warnings.push(w) },
    setTimeout: (fn) => timers.push(fn),
    addRunDependency: (d) => log.deps.push('+' + d),
    removeRunDependency: (d) => log.deps.push('-' + d),
    UTF8ToString: (s) => s,
    _stagehand_state: () => '{"screen":"page","line":"Hello"}',
    _stagehand_keep_settings: () => log.kept++,
    document: {
      visibilityState: 'visible',
      addEventListener(type, fn) { (docListeners[type] = docListeners[type] || []).push(fn); },
    },
    Promise, Uint8Array,
  };
  vm.createContext(context);
  vm.runInContext(preScript, context, { filename: 'web/pre.js' });
  const runTimers = () => { while (timers.length) timers.shift()(); };
  const hide = (state) => {
    context.document.visibilityState = state;
    for (const fn of docListeners.visibilitychange || []) fn();
  };
  return { context, log, timers, runTimers, hide, FS: fsStandIn, Module: context.Module };
}

// Runs the preRun pre.js added and answers the first read of the storage.
function startPre(pre, readError = null) {
  const preRun = pre.Module.preRun;
  preRun[preRun.length - 1]();
  const read = pre.log.syncs.shift();
  assert.equal(read.populate, true);
  read.done(readError);
}

check('pre.js: the player\'s folder is IndexedDB\'s, read in before main, and the page can ask its state', () => {
  const pre = loadPre();
  assert.equal(pre.Module.preRun.length, 1);
  startPre(pre);
  assert.deepEqual(pre.log.made, ['/libsdl']);
  assert.deepEqual(pre.log.mounted, [['IDBFS', '/libsdl']]);
  assert.deepEqual(pre.log.deps, ['+stagehand-player-folder', '-stagehand-player-folder']);
  assert.equal(pre.Module.stagehandFrameNumber(), 7);
  assert.deepEqual(plain(pre.Module.stagehandState()), { screen: 'page', line: 'Hello' });
});

check('pre.js: a preRun already there, one function or a list, runs before its own', () => {
  const first = () => {};
  assert.equal(loadPre({ preRun: first }).Module.preRun[0], first);
  assert.equal(loadPre({ preRun: first }).Module.preRun.length, 2);
  assert.equal(loadPre({ preRun: [first, first] }).Module.preRun.length, 3);
});

check('pre.js: a write closed, renamed or removed in the player\'s folder is copied out after the frame; ' +
  'elsewhere it is not', () => {
  const pre = loadPre();
  startPre(pre);
  pre.FS.close({ path: '/tmp/scratch' });
  pre.FS.rename('/libsdl/a', '/tmp/b');
  pre.FS.unlink('/libsdlx/c');
  pre.FS.close({ path: '/libsdl' });
  pre.runTimers();
  assert.equal(pre.log.syncs.length, 0, 'no copy for files outside the folder');
  for (const write of [() => pre.FS.close({ path: '/libsdl/Stagehand/settings.txt' }),
    () => pre.FS.rename('/tmp/save.tmp', '/libsdl/Stagehand/saves/1.sav'),
    () => pre.FS.unlink('/libsdl/Stagehand/saves/2.sav')]) {
    write();
    assert.equal(pre.log.syncs.length, 0, 'not inside the call that wrote');
    pre.runTimers();
    assert.equal(pre.log.syncs.length, 1);
    const copy = pre.log.syncs.shift();
    assert.equal(copy.populate, false);
    copy.done(null);
  }
  assert.equal(pre.Module.stagehandStorage.copies, 3);
  assert.equal(pre.Module.stagehandStorage.failures, 0);
});

check('pre.js: the files the first read writes are not copied back', () => {
  const pre = loadPre();
  const preRun = pre.Module.preRun;
  preRun[0]();
  pre.FS.close({ path: '/libsdl/Stagehand/settings.txt' });
  pre.runTimers();
  assert.equal(pre.log.syncs.length, 1, 'only the read itself');
});

check('pre.js: writes in one frame make one copy; a write during a copy makes exactly one more', () => {
  const pre = loadPre();
  startPre(pre);
  for (let i = 0; i < 5; ++i) pre.FS.close({ path: '/libsdl/f' + i });
  assert.equal(pre.timers.length, 1);
  pre.runTimers();
  assert.equal(pre.log.syncs.length, 1);
  assert.equal(pre.Module.stagehandStorage.writing, true);
  pre.FS.close({ path: '/libsdl/g' });
  pre.runTimers();
  pre.FS.close({ path: '/libsdl/h' });
  pre.runTimers();
  assert.equal(pre.log.syncs.length, 1, 'one copy at a time');
  assert.equal(pre.Module.stagehandStorage.again, true);
  pre.log.syncs.shift().done(null);
  assert.equal(pre.log.syncs.length, 1, 'the writes that came meanwhile: one more copy');
  pre.log.syncs.shift().done(null);
  assert.equal(pre.log.syncs.length, 0);
  assert.equal(pre.Module.stagehandStorage.copies, 2);
  assert.equal(pre.Module.stagehandStorage.writing, false);
});

check('pre.js: a copy that fails is counted and said once, and the next write copies again', () => {
  const pre = loadPre();
  startPre(pre, 'quota');
  assert.deepEqual(pre.log.warnings,
    ['stagehand: the player\'s files in the browser\'s storage cannot be read: quota']);
  pre.FS.close({ path: '/libsdl/s' });
  pre.runTimers();
  pre.log.syncs.shift().done('QuotaExceededError');
  assert.equal(pre.Module.stagehandStorage.failures, 1);
  assert.equal(pre.Module.stagehandStorage.copies, 0);
  assert.equal(pre.log.warnings[1],
    'stagehand: cannot keep the player\'s files in the browser\'s storage: QuotaExceededError');
  pre.FS.close({ path: '/libsdl/s' });
  pre.runTimers();
  pre.log.syncs.shift().done(null);
  assert.equal(pre.Module.stagehandStorage.copies, 1);
});

check('pre.js: the settings are kept when the page is hidden after the game started, not before or when shown',
  () => {
    const pre = loadPre();
    pre.hide('hidden');
    assert.equal(pre.log.kept, 0, 'before the game ran');
    pre.Module.calledRun = true;
    pre.hide('visible');
    assert.equal(pre.log.kept, 0);
    pre.hide('hidden');
    assert.equal(pre.log.kept, 1);
  });

check('pre.js: a packaged game\'s files are written from their byte ranges before the game runs', async () => {
  const data = Uint8Array.from([10, 11, 12, 13, 14, 15, 16]);
  const list = [{ path: '/game/main.lua', start: 0, end: 3 }, { path: '/game/images/a/b.png', start: 3, end: 7 }];
  const pre = loadPre({ stagehandGameFiles: 'tower' });
  const asked = [];
  pre.context.fetch = (url) => {
    asked.push(url);
    if (url === 'tower.json') return Promise.resolve({ json: () => Promise.resolve(list) });
    return Promise.resolve({ arrayBuffer: () => Promise.resolve(data.buffer) });
  };
  startPre(pre);
  assert.deepEqual(asked, ['tower.json', 'tower.data']);
  assert.ok(pre.log.deps.includes('+stagehand-game-files'));
  assert.ok(!pre.log.deps.includes('-stagehand-game-files'), 'the game waits for its files');
  await settle();
  await settle();
  assert.deepEqual(pre.log.written, [['/game/main.lua', [10, 11, 12]], ['/game/images/a/b.png', [13, 14, 15, 16]]]);
  assert.deepEqual(pre.log.made.filter((p) => p !== '/libsdl'), ['/game', '/game/images/a']);
  assert.equal(pre.log.deps[pre.log.deps.length - 1], '-stagehand-game-files');
});

check('pre.js: a packaged game\'s files that cannot be read stop the game with a sentence saying so', async () => {
  const aborted = [];
  const pre = loadPre({ stagehandGameFiles: 'tower', onAbort: (w) => aborted.push(w) });
  pre.context.fetch = () => Promise.reject(new Error('404'));
  startPre(pre);
  await settle();
  await settle();
  assert.deepEqual(aborted, ['the game\'s files cannot be read: Error: 404']);
});

(async () => {
  let failed = 0;
  for (const [name, fn] of checks) {
    try {
      await fn();
    } catch (error) {
      failed++;
      console.error('FAILED: ' + name + '\n  ' + String(error.stack || error).split('\n').slice(0, 6).join('\n  '));
    }
  }
  console.log((checks.length - failed) + ' of ' + checks.length + ' checks of the web page\'s logic passed');
  process.exit(failed ? 1 : 0);
})();
