// Sets the widget's session token as a property (never an attribute), as a host's script would, before
// the widget's module runs (module scripts run after the document is parsed; this classic script runs here).
document.querySelector('kyc-widget').sessionToken = document.currentScript.dataset.token;
