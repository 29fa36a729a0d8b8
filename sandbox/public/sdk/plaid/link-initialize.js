/**
 * Stand-in for Plaid Link (`https://cdn.plaid.com/link/v2/stable/link-initialize.js`): a classic script that sets
 * `window.Plaid` with `create({token, onSuccess, onExit, onEvent, onLoad}) → {open(), exit(), destroy(), submit()}`
 * (react-plaid-link@5.0.0 src/types/index.ts `PlaidLinkOptions`, `PlaidHandler`). `destroy()` removes Link's frame;
 * `onSuccess(public_token, metadata)` (null for Identity Verification), `onExit(error | null, metadata)` with
 * `error = {error_type, error_code, error_message, display_message}`. Wrong shapes are refused loudly.
 */
(function () {
  var base = document.currentScript ? new URL('../core.js', document.currentScript.src).href : '';
  var core = import(base);
  var V = 'plaid';

  var state = (window.__sandboxSdk = window.__sandboxSdk || { listeners: 0, calls: [], refusals: [] });
  function refuse(message) {
    state.refusals.push(V + ': ' + message);
    console.error('[sandbox plaid] ' + message);
    throw new TypeError('plaid (sandbox): ' + message);
  }
  function needsFunction(config, key, optional) {
    if (config[key] === undefined && optional) return;
    if (typeof config[key] !== 'function') refuse(key + ' must be a function, got ' + typeof config[key]);
  }

  function create(config) {
    if (!config || typeof config !== 'object') refuse('create takes one config object');
    if (typeof config.token !== 'string' || !/^(link-(sandbox|production)-[\w-]+|script=.+)$/.test(config.token))
      refuse('token must be a link_token (link-sandbox-… or link-production-…)');
    needsFunction(config, 'onSuccess');
    needsFunction(config, 'onExit', true);
    needsFunction(config, 'onEvent', true);
    needsFunction(config, 'onLoad', true);
    var destroyed = false;
    var opened = false;
    var ui = null;
    var loaded = false;
    var ready = core.then(function (c) {
      c.recordCall(V, 'create', config);
      if (destroyed) return c;
      var metadata = { status: null, link_session_id: 'sandbox-session', request_id: 'sandbox-request' };
      ui = c.vendorFrame(V, config.token, {
        onMessage: function (data) {
          if (data.type === 'loaded') {
            loaded = true;
            if (config.onLoad) config.onLoad();
            if (opened) go();
          } else if (data.type === 'event' && config.onEvent) config.onEvent(data.name, { view_name: null });
          else if (data.type === 'complete') {
            close();
            config.onSuccess(null, metadata);
          } else if (data.type === 'error') {
            close();
            var error = {
              error_type: data.kind || 'INVALID_INPUT',
              error_code: data.code,
              error_message: 'sandbox',
              display_message: null,
            };
            if (config.onExit) config.onExit(error, metadata);
          } else if (data.type === 'exit') {
            close();
            if (config.onExit) config.onExit(null, metadata);
          }
        },
      });
      // Link's frame is there, hidden, until open().
      ui.frame.parentElement.style.display = 'none';
      return c;
    });
    function go() {
      ui.frame.parentElement.style.display = 'flex';
      if (config.onEvent) config.onEvent('OPEN', { view_name: null });
      ui.go();
    }
    function close() {
      if (ui) ui.frame.parentElement.style.display = 'none';
    }
    return {
      open: function () {
        ready.then(function (c) {
          c.recordCall(V, 'open', undefined);
          if (destroyed || opened) return;
          opened = true;
          if (loaded) go();
        });
      },
      exit: function () {
        ready.then(function () {
          if (ui && !destroyed) {
            close();
            if (config.onExit)
              config.onExit(null, { status: null, link_session_id: 'sandbox-session', request_id: 'sandbox-request' });
          }
        });
      },
      submit: function () {},
      destroy: function () {
        destroyed = true;
        ready.then(function (c) {
          c.recordCall(V, 'destroy', undefined);
          if (ui) ui.remove();
          ui = null;
        });
      },
    };
  }

  window.Plaid = { version: 'sandbox', create: create };
})();
