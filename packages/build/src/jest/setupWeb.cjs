require('@testing-library/jest-dom');

// jsdom lacks these browser APIs that Chakra UI (Ark/Zag) and recharts use.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!globalThis.IntersectionObserver) {
  globalThis.IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = function scrollTo() {};
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', {
    value: require('node:crypto').webcrypto,
    configurable: true,
  });
}

// Node's fetch and Request (which jest-fixed-jsdom puts in the page) refuse a relative URL such as
// '/api/...'; a browser resolves it against the page's address. Do the same, so the api client runs
// in tests exactly as in the browser.
{
  const NodeRequest = globalThis.Request;
  const resolve = (input) =>
    typeof input === 'string' || input instanceof URL ? new URL(String(input), window.location.href) : input;
  globalThis.Request = class Request extends NodeRequest {
    constructor(input, init) {
      super(resolve(input), init);
    }
  };
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => nodeFetch(resolve(input), init);
}
// Chakra's checkbox and switch (zag press handling) construct PointerEvents; MouseEvent carries
// every field those handlers read.
if (!window.PointerEvent) window.PointerEvent = MouseEvent;
