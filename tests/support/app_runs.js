// Counts, in the page itself, the script runs the site asks for and finishes, and React's
// commits, so that a test waits on what happened rather than for a fixed time.
//
// Streamlit's socket carries protocol buffers: a sent BackMsg whose top-level field 11
// (rerun_script) is set asks for a run; a received ForwardMsg whose field 6
// (script_finished) holds a status other than 2 (FINISHED_EARLY_FOR_RERUN) ends one.
// React calls the developer tools' hook after every commit to the page.
(() => {
  const runs = { step: 0, asked: 0, finished: 0, committed: 0, messages: [] };
  window.__appRuns = runs;

  function topFields(data) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
      : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : null;
    const fields = new Map();
    if (!bytes) return fields;
    let at = 0;
    const varint = () => {
      let value = 0, scale = 1, byte;
      do { byte = bytes[at++]; value += (byte & 0x7f) * scale; scale *= 128; }
      while (byte & 0x80 && at < bytes.length);
      return value;
    };
    while (at < bytes.length) {
      const tag = varint(), field = Math.floor(tag / 8), wire = tag % 8;
      if (wire === 0) fields.set(field, varint());
      else if (wire === 2) { const length = varint(); fields.set(field, null); at += length; }
      else if (wire === 1) at += 8;
      else if (wire === 5) at += 4;
      else break;
    }
    return fields;
  }

  const isStream = (url) => String(url).includes("/_stcore/stream");
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      if (!isStream(args[0])) return;
      this.addEventListener("message", (event) => {
        const fields = topFields(event.data);
        if (fields.has(6) && fields.get(6) !== 2) runs.finished = ++runs.step;
        // The last messages' top-level fields (and a finished run's status), to say what
        // a page that stopped following was last sent.
        runs.messages.push([...fields.keys()].join(",") + (fields.has(6) ? `:${fields.get(6)}` : ""));
        if (runs.messages.length > 40) runs.messages.shift();
      });
    }
    send(data) {
      if (isStream(this.url) && topFields(data).has(11)) runs.asked = ++runs.step;
      return super.send(data);
    }
  }
  window.WebSocket = Watched;

  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => { runs.committed = ++runs.step; },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
})();
