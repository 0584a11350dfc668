// Runs inside the engine's JavaScript (emcc --pre-js, CMakeLists.txt): the
// player's folder kept in the browser's storage across visits.
//
// SDL_GetPrefPath gives the player's folder under /libsdl in the browser; that
// folder is IndexedDB's (IDBFS), read in before main() runs. The file system
// lives in memory, so every file the game writes there (settings, saves, the
// lines read) is copied out to IndexedDB when it is closed, renamed or
// removed, after the frame that wrote it: one copy at a time, and one more if
// a write came in meanwhile.
// Module.stagehandStorage tells a page (and the browser test) how far that is.
/* global Module, Browser, FS, IDBFS, addRunDependency, removeRunDependency, UTF8ToString, _stagehand_keep_settings,
   _stagehand_state */
(function () {
  var userRoot = '/libsdl';
  var storage = { copies: 0, writing: false, again: false, failures: 0 };
  Module.stagehandStorage = storage;
  // How many frames the browser's loop has begun (the page's first-frame mark).
  Module.stagehandFrameNumber = function () {
    return Browser.mainLoop.currentFrameNumber;
  };
  // What the screen shows (WindowGame::describe): screen, scene, line, options...
  Module.stagehandState = function () {
    return JSON.parse(UTF8ToString(_stagehand_state()));
  };

  function copyOut() {
    if (storage.writing) {
      storage.again = true;
      return;
    }
    storage.writing = true;
    FS.syncfs(false, function (error) {
      storage.writing = false;
      if (error) {
        storage.failures++;
        console.warn('stagehand: cannot keep the player\'s files in the browser\'s storage: ' + error);
      } else {
        storage.copies++;
      }
      if (storage.again) {
        storage.again = false;
        copyOut();
      }
    });
  }

  function inUserFolder(path) {
    return typeof path === 'string' && path.indexOf(userRoot + '/') === 0;
  }

  // Copied once the engine's frame has returned, not inside the call that
  // wrote: a save is written to a temporary file, closed, then renamed, and a
  // copy begun between the two would look for a file that is gone.
  var scheduled = false;
  function copySoon() {
    if (scheduled) return;
    scheduled = true;
    setTimeout(function () {
      scheduled = false;
      copyOut();
    }, 0);
  }

  function watch(name, pathOf) {
    var original = FS[name];
    FS[name] = function () {
      var result = original.apply(this, arguments);
      if (inUserFolder(pathOf(arguments))) copySoon();
      return result;
    };
  }

  // A game's own files, when stagehand --package made the folder: NAME.json
  // lists each file's path and byte range in NAME.data (src/app/author/GamePackage.cpp).
  function readGameFiles(name) {
    addRunDependency('stagehand-game-files');
    Promise.all([fetch(name + '.json').then(function (r) { return r.json(); }),
                 fetch(name + '.data').then(function (r) { return r.arrayBuffer(); })]).then(function (loaded) {
      var bytes = new Uint8Array(loaded[1]);
      loaded[0].forEach(function (file) {
        FS.mkdirTree(file.path.substring(0, file.path.lastIndexOf('/')));
        FS.writeFile(file.path, bytes.subarray(file.start, file.end));
      });
      removeRunDependency('stagehand-game-files');
    }).catch(function (error) { Module.onAbort('the game\'s files cannot be read: ' + error); });
  }

  Module.preRun = Module.preRun || [];
  if (typeof Module.preRun === 'function') Module.preRun = [Module.preRun];
  Module.preRun.push(function () {
    if (Module.stagehandGameFiles) readGameFiles(Module.stagehandGameFiles);
    FS.mkdir(userRoot);
    FS.mount(IDBFS, {}, userRoot);
    addRunDependency('stagehand-player-folder');
    FS.syncfs(true, function (error) {
      if (error) console.warn('stagehand: the player\'s files in the browser\'s storage cannot be read: ' + error);
      // Watched only from now: reading them in writes them (and closes them).
      watch('close', function (args) { return args[0] && args[0].path; });
      watch('rename', function (args) { return args[1]; });
      watch('unlink', function (args) { return args[0]; });
      removeRunDependency('stagehand-player-folder');
    });
  });

  // A page is closed, never quit: the settings the desktop keeps on quitting
  // are kept whenever the page is hidden.
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden' && Module.calledRun) _stagehand_keep_settings();
    });
  }
})();
