// Trusted Types: the page's Content-Security-Policy says require-trusted-types-for 'script', so a
// plain string or URL reaches a script sink only through a policy. This is the default policy, the one
// the browser applies to them: it admits a script URL on this page's own origin (the engine's and the
// lab's workers, the service worker) and nothing else. It has no rule for HTML or script text, so
// innerHTML, eval and the like stay blocked. index.html loads it first, as a classic script, so the
// policy exists before any module runs. The policy's `trusted-types default` directive lets no script
// make any other policy, nor a second "default": this is the only one, and it passes nothing through.

if (self.trustedTypes && self.trustedTypes.createPolicy) {
  self.trustedTypes.createPolicy("default", {
    createScriptURL(url) {
      const parsed = new URL(url, document.baseURI);
      if (parsed.origin !== location.origin) throw new TypeError(`script URL from another origin: ${parsed.origin}`);
      return parsed.href;
    },
  });
}
