/**
 * Stand-in for Stripe.js (`https://js.stripe.com/endive/stripe.js`) as far as Stripe Identity goes: a classic script
 * that sets `window.Stripe`, a function of the publishable key returning an object with
 * `verifyIdentity(clientSecret) → Promise<{verificationSession: {id}} | {error}>` (@stripe/stripe-js@10.2.1
 * dist/stripe-js/stripe.d.ts; `version` read by its loader's initStripe). The modal is an overlay of this origin's
 * frame; Stripe.js documents no call that closes it, and neither does this. Wrong shapes are refused loudly.
 */
(function () {
  var base = document.currentScript ? new URL('../core.js', document.currentScript.src).href : '';
  var core = import(base);
  var V = 'stripe';

  function Stripe(publishableKey) {
    if (!(this instanceof Stripe) && typeof publishableKey === 'string' && /^pk_(test|live)_\w+$/.test(publishableKey))
      return new Stripe(publishableKey);
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_\w+$/.test(publishableKey)) {
      console.error('[sandbox stripe] Stripe() needs a publishable key (pk_test_… or pk_live_…)');
      throw new TypeError('IntegrationError: Invalid API Key provided');
    }
    this._key = publishableKey;
  }

  Stripe.version = 'endive';

  Stripe.prototype.verifyIdentity = function (clientSecret) {
    return core.then(function (c) {
      c.recordCall(V, 'verifyIdentity', clientSecret);
      if (typeof clientSecret !== 'string' || !/^(vs_\w+_secret_\w+|script=.+)$/.test(clientSecret))
        c.refuse(V, 'verifyIdentity takes the VerificationSession client_secret (vs_…_secret_…)');
      return new Promise(function (resolve) {
        var ui = c.vendorFrame(V, clientSecret, {
          onMessage: function (data) {
            var result;
            if (data.type === 'loaded') return ui.go();
            if (data.type === 'complete') result = { verificationSession: { id: clientSecret.split('_secret_')[0] } };
            else if (data.type === 'error')
              result = { error: { type: 'api_error', code: data.code, message: 'sandbox' } };
            else if (data.type === 'exit')
              result = { error: { type: 'invalid_request_error', code: 'session_cancelled' } };
            else return;
            // The modal closes when the flow ends (Stripe.js), then the promise settles.
            ui.remove();
            resolve(result);
          },
        });
      });
    });
  };

  window.Stripe = Stripe;
})();
